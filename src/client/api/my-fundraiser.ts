/**
 * A patient's own fundraiser: read, save the draft, submit for review, withdraw, its files; once live, post updates,
 * edit the story, propose a money change and close it; once approved, read its gifts and thank its donors.
 */
import type { Fundraiser, FundraiserDraft } from '#shared/schemas/fundraisers.ts';
import type {
  FundraiserMoneyChange,
  FundraiserStoryEditInput,
  FundraiserUpdateInput,
  LiveFundraiserExtras,
} from '#shared/schemas/live-fundraisers.ts';
import type { UploadedFile } from '#shared/schemas/uploads.ts';
import type { OwnGifts, ThankDonorsInput } from '#shared/schemas/fundraiser-gifts.ts';
import type { UploadedDocument } from '#client/api/spending.ts';
import { apiGet, apiRequest, fileForm } from '#client/lib/api.ts';

const PATH = '/api/my-fundraiser';
export const MY_FUNDRAISER_KEY = [PATH] as const;

export interface MyFundraiserAnswer {
  fundraiser: Fundraiser | null;
  /** Its updates and earlier story versions, once it was approved. */
  live: LiveFundraiserExtras | null;
}
type Answer = MyFundraiserAnswer;

/** Her open application, else her latest finished one (its reason), else null. */
export const getMyFundraiser = () => apiGet<Answer>(PATH);

/** Saves the draft as it stands (creates it the first time). */
export const saveMyFundraiser = (draft: FundraiserDraft) => apiRequest<Answer>('PUT', PATH, draft);

/** Puts the saved application in the managers' review queue. */
export const submitMyFundraiser = () => apiRequest<Answer>('POST', `${PATH}/submit`);

/** Withdraws the application before it goes live: it is deleted. */
export const withdrawMyFundraiser = () => apiRequest<void>('DELETE', PATH);

/** POST /api/uploads/fundraiser-image: an image for the application's story (public once it is live). */
export const uploadFundraiserImage = (file: File) =>
  apiRequest<UploadedFile>('POST', '/api/uploads/fundraiser-image', fileForm('image', file));

/** POST /api/uploads/fundraiser-document: a private supporting document (PDF or image, checked by content). */
export const uploadFundraiserDocument = (file: File) =>
  apiRequest<UploadedDocument>('POST', '/api/uploads/fundraiser-document', fileForm('document', file));

/** Posts a dated update on her live fundraiser; its followers are mailed. */
export const postFundraiserUpdate = (input: FundraiserUpdateInput) =>
  apiRequest<Answer & { notified: number }>('POST', `${PATH}/updates`, input);

/** Replaces the live fundraiser's title, story and images (public at once; the old text is kept as a version). */
export const editFundraiserStory = (input: FundraiserStoryEditInput) =>
  apiRequest<Answer>('PUT', `${PATH}/story`, input);

/** Proposes a new goal, payee or documents: reviewed by a manager while the page keeps the approved figures. */
export const proposeMoneyChange = (input: FundraiserMoneyChange) =>
  apiRequest<Answer>('PUT', `${PATH}/money-change`, input);

/** Takes back the money change waiting for review. */
export const withdrawMoneyChange = () => apiRequest<Answer>('DELETE', `${PATH}/money-change`);

/** Closes the live fundraiser: it stays readable, and takes no new gifts. */
export const closeMyFundraiser = () => apiRequest<Answer>('POST', `${PATH}/close`);

export const MY_GIFTS_KEY = [PATH, 'gifts'] as const;
export const myGiftsKey = (page: number) => [...MY_GIFTS_KEY, page] as const;

/** A page of her fundraiser's gifts, newest first, and how many donors a thank-you reaches. */
export const getMyGifts = (page: number) => apiGet<OwnGifts>(`${PATH}/gifts?page=${page}`);

/** Mails her thank-you once to each donor who left an email address; answers how many it went to. */
export const thankMyDonors = (input: ThankDonorsInput) =>
  apiRequest<{ sent: number }>('POST', `${PATH}/thank-donors`, input);
