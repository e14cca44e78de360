/** Image uploads: the profile photo and a story's images (multipart; the server checks the bytes). */
import type { CurrentUser } from '#shared/schemas/auth.ts';
import * as uploads from '#shared/contract/uploads.ts';
import { apiRequest, call, fileForm } from '#client/lib/api.ts';

/** POST /api/user/avatar: the new profile photo. */
export const uploadAvatar = (file: File) =>
  apiRequest<CurrentUser>('POST', '/api/user/avatar', fileForm('avatar', file));

/** DELETE /api/user/avatar */
export const removeAvatar = () => apiRequest<void>('DELETE', '/api/user/avatar');

/** An image for the story being written (patients only). */
export const uploadStoryImage = (file: File) => call(uploads.storyImage, { body: fileForm('image', file) });
