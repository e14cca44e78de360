/** A patient's own fundraiser application: read, save the draft, submit for review, withdraw; its files. */
import type { Fundraiser, FundraiserDraft } from '#shared/schemas/fundraisers.ts';
import type { UploadedFile } from '#shared/schemas/uploads.ts';
import type { UploadedDocument } from '#client/api/spending.ts';
import { apiGet, apiRequest, fileForm } from '#client/lib/api.ts';

const PATH = '/api/my-fundraiser';
export const MY_FUNDRAISER_KEY = [PATH] as const;

interface Answer {
  fundraiser: Fundraiser | null;
}

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
