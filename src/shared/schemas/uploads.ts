/** Uploaded files: what the upload routes answer. */

/** POST /api/uploads/story-image (and other single-file uploads): the stored file's id and where it is served. */
export interface UploadedFile {
  id: string;
  url: string;
}
