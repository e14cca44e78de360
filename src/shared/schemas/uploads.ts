/** Uploaded files: what the upload routes answer. */
import { z } from 'zod';

/** POST /api/uploads/story-image (and other single-file uploads): the stored file's id and where it is served. */
export const UploadedFileSchema = z.object({ id: z.string(), url: z.string() });
export type UploadedFile = z.infer<typeof UploadedFileSchema>;

/** POST /api/uploads/expense-document and fundraiser-document: also the type and size, which the form lists. */
export const UploadedDocumentSchema = z.object({
  id: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  url: z.string(),
});
export type UploadedDocument = z.infer<typeof UploadedDocumentSchema>;
