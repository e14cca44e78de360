/**
 * A patient's own fundraiser: read, save the draft, submit for review, withdraw, its files; once live, post updates,
 * edit the story, propose a money change and close it; once approved, read its gifts and thank its donors.
 */
import type { z } from 'zod';
import * as myFundraiser from '#shared/contract/my-fundraiser.ts';
import * as uploads from '#shared/contract/uploads.ts';
import type { FundraiserDraft } from '#shared/schemas/fundraisers.ts';
import type {
  FundraiserMoneyChange,
  FundraiserStoryEditInput,
  FundraiserUpdateInput,
  MyFundraiserSchema,
} from '#shared/schemas/live-fundraisers.ts';
import type { ThankDonorsInput } from '#shared/schemas/fundraiser-gifts.ts';
import { call, fileForm, keyOf } from '#client/lib/api.ts';

export const MY_FUNDRAISER_KEY = keyOf(myFundraiser.get);

export type MyFundraiserAnswer = z.infer<typeof MyFundraiserSchema>;

/** Her open application, else her latest finished one (its reason), else null. */
export const getMyFundraiser = () => call(myFundraiser.get);

/** Saves the draft as it stands (creates it the first time). */
export const saveMyFundraiser = (draft: FundraiserDraft) => call(myFundraiser.save, { body: draft });

/** Puts the saved application in the managers' review queue. */
export const submitMyFundraiser = () => call(myFundraiser.submit);

/** Withdraws the application before it goes live: it is deleted. */
export const withdrawMyFundraiser = () => call(myFundraiser.withdraw);

/** An image for the application's story (public once it is live). */
export const uploadFundraiserImage = (file: File) => call(uploads.fundraiserImage, { body: fileForm('image', file) });

/** A private supporting document (PDF or image, checked by content). */
export const uploadFundraiserDocument = (file: File) =>
  call(uploads.fundraiserDocument, { body: fileForm('document', file) });

/** Posts a dated update on her live fundraiser; its followers are mailed. */
export const postFundraiserUpdate = (body: FundraiserUpdateInput) => call(myFundraiser.postUpdate, { body });

/** Replaces the live fundraiser's title, story and images (public at once; the old text is kept as a version). */
export const editFundraiserStory = (body: FundraiserStoryEditInput) => call(myFundraiser.editStory, { body });

/** Proposes a new goal, payee or documents: reviewed by a manager while the page keeps the approved figures. */
export const proposeMoneyChange = (body: FundraiserMoneyChange) => call(myFundraiser.proposeMoneyChange, { body });

/** Takes back the money change waiting for review. */
export const withdrawMoneyChange = () => call(myFundraiser.withdrawMoneyChange);

/** Closes the live fundraiser: it stays readable, and takes no new gifts. */
export const closeMyFundraiser = () => call(myFundraiser.close);

/** A page of her fundraiser's gifts, newest first, and how many donors a thank-you reaches. */
export const myGiftsKey = (page: number) => keyOf(myFundraiser.gifts, { query: { page } });
export const getMyGifts = (page: number) => call(myFundraiser.gifts, { query: { page } });

/** Mails her thank-you once to each donor who left an email address; answers how many it went to. */
export const thankMyDonors = (body: ThankDonorsInput) => call(myFundraiser.thankDonors, { body });
