/**
 * The upload policy: who may read a stored file, and so how long a copy of it may be kept. GET /api/uploads/:id is
 * public in the access matrix because some files are shown on public pages; everything else about a file is
 * decided here, by its purpose, and nowhere else.
 */
import type { Db } from '../db/client.ts';
import { isOnSubmittedFundraiser } from '../db/queries/fundraisers.ts';
import { isGrantedDocument } from '../db/queries/medical-reviews.ts';
import { isOnPublicFundraiser } from '../db/queries/public-fundraisers.ts';
import { documentCampaignOwner, publicStoryImageReaders, type UploadRow } from '../db/queries/uploads.ts';
import { isAdminAtLeast, type Viewer } from './viewer.ts';

/**
 * How a file may be read: by anyone for good (a new upload gets a new id, so it never changes), by anyone while
 * the page showing it is public (it can become private again), or by this viewer only.
 */
export type UploadReading = 'public' | 'public-while-shown' | 'private';

/** Profile photos and the campaign's images: shown on public pages; ids are random and known only there. */
const PUBLIC_PURPOSES = new Set(['avatar', 'campaign_image']);

/** How `viewer` may read `file`, or null when she may not: she then learns nothing, not even that it exists. */
export async function uploadReading(db: Db, viewer: Viewer, file: UploadRow): Promise<UploadReading | null> {
  if (PUBLIC_PURPOSES.has(file.purpose)) return 'public';
  switch (file.purpose) {
    case 'story_image': {
      const readers = await publicStoryImageReaders(db, file.id);
      if (readers === 'anyone') return 'public-while-shown';
      // A members-only story's images: any signed-in member, never kept by a shared cache.
      if (readers === 'members' && viewer) return 'private';
      // Its author, and moderators reviewing the story, see it while it is not (or no longer) public.
      return viewer && (file.ownerId === viewer.id || isAdminAtLeast(viewer, 'moderator')) ? 'private' : null;
    }
    case 'fundraiser_image':
      if (await isOnPublicFundraiser(db, file.id)) return 'public-while-shown';
      return (await mayReadApplicationFile(db, viewer, file)) ? 'private' : null;
    case 'fundraiser_document':
      // Never public, not even on a live fundraiser.
      return (await mayReadApplicationFile(db, viewer, file)) ? 'private' : null;
    case 'expense_document':
      return (await mayReadExpenseDocument(db, viewer, file)) ? 'private' : null;
    default:
      return null;
  }
}

/**
 * A fundraiser application's images and documents: its owner, and managers once she submitted the application
 * that uses them; its documents also the verified doctor she asked for a medical review, while that grant stands.
 */
async function mayReadApplicationFile(db: Db, viewer: Viewer, file: UploadRow): Promise<boolean> {
  if (!viewer) return false;
  if (file.ownerId === viewer.id) return true;
  if (viewer.role === 'doctor')
    return file.purpose === 'fundraiser_document' && (await isGrantedDocument(db, file.id, viewer.id));
  return isAdminAtLeast(viewer, 'manager') && (await isOnSubmittedFundraiser(db, file.id));
}

/** An expense's invoice or proof of payment: its uploader, a manager, or the owner of the expense's campaign. */
async function mayReadExpenseDocument(db: Db, viewer: Viewer, file: UploadRow): Promise<boolean> {
  if (!viewer) return false;
  if (file.ownerId === viewer.id || isAdminAtLeast(viewer, 'manager')) return true;
  return (await documentCampaignOwner(db, file.id)) === viewer.id;
}
