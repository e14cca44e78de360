/**
 * Uploaded files: each upload is multipart (one file, type checked by content and size capped by the server) and
 * answers 201 with the stored file's id and its address; the file itself is read back by id, by whoever may see it
 * (src/server/routes/uploads/uploads.ts says who).
 */
import { CampaignImageUploadSchema } from '../schemas/admin-campaign.ts';
import { IdParamsSchema } from '../schemas/common.ts';
import { UploadedDocumentSchema, UploadedFileSchema } from '../schemas/uploads.ts';
import { endpoint } from './endpoint.ts';

/** A stored file, served as itself (an image on a page, a document opened inline). */
export const file = endpoint({
  method: 'GET',
  path: '/api/uploads/:id',
  access: 'public',
  params: IdParamsSchema,
  resource: 'uploads',
  responses: { 200: 'file' },
});

/** An image for the campaign's content (super_admin); the content refers to it by its URL once published. */
export const campaignImage = endpoint({
  method: 'POST',
  path: '/api/uploads/campaign-image',
  access: { admin: 'super_admin' },
  body: 'multipart',
  responses: { 201: CampaignImageUploadSchema },
});

/** An invoice or proof of payment for an expense, by a campaign's owner or a manager. */
export const expenseDocument = endpoint({
  method: 'POST',
  path: '/api/uploads/expense-document',
  access: 'user',
  body: 'multipart',
  responses: { 201: UploadedDocumentSchema },
});

// A patient's files, referenced by id from what she writes: her stories' and her application's images, and the
// application's private supporting documents.
export const storyImage = endpoint({
  method: 'POST',
  path: '/api/uploads/story-image',
  access: { role: 'patient' },
  body: 'multipart',
  responses: { 201: UploadedFileSchema },
});
export const fundraiserImage = endpoint({
  method: 'POST',
  path: '/api/uploads/fundraiser-image',
  access: { role: 'patient' },
  body: 'multipart',
  responses: { 201: UploadedFileSchema },
});
export const fundraiserDocument = endpoint({
  method: 'POST',
  path: '/api/uploads/fundraiser-document',
  access: { role: 'patient' },
  body: 'multipart',
  responses: { 201: UploadedDocumentSchema },
});
