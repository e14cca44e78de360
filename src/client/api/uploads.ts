/** Image uploads: the profile photo and a story's images (multipart; the server checks the bytes). */
import * as account from '#shared/contract/account.ts';
import * as uploads from '#shared/contract/uploads.ts';
import { call, fileForm } from '#client/lib/api.ts';

/** The new profile photo. */
export const uploadAvatar = (file: File) => call(account.uploadAvatar, { body: fileForm('avatar', file) });

export const removeAvatar = () => call(account.removeAvatar);

/** An image for the story being written (patients only). */
export const uploadStoryImage = (file: File) => call(uploads.storyImage, { body: fileForm('image', file) });
