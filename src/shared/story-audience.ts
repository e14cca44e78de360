/**
 * Who may read a story (issue 38) and the sensitive topics an author can put a note on, without zod: the public
 * story pages read them, and a signed-out reader never loads the form schemas.
 */

/**
 * 'public': anyone, listed and in the sitemap. 'members': listed, but outsiders (signed out, search engines) get only
 * its title and the first MEMBERS_PREVIEW_CHARS characters. 'link': readable by anyone with its address, listed
 * nowhere, not indexed.
 */
export const STORY_AUDIENCES = ['members', 'public', 'link'] as const;
export type StoryAudience = (typeof STORY_AUDIENCES)[number];

/** A new story is for members until its author chooses otherwise (decision 018): the privacy-friendly default. */
export const NEW_STORY_AUDIENCE: StoryAudience = 'members';

/** How much of a members-only story an outsider reads: its title and about this many characters. */
export const MEMBERS_PREVIEW_CHARS = 250;

/** The name an outsider sees on a members-only story: the author's public name is for members too. */
export const MEMBERS_ONLY_AUTHOR = 'A member of the community';

export const STORY_AUDIENCE_WORDS: Record<StoryAudience, { label: string; hint: string }> = {
  members: {
    label: 'Members of the community',
    hint: 'Listed on the stories page. Signed-out visitors and search engines see only the title and the first lines.',
  },
  public: {
    label: 'Everyone',
    hint: 'Listed on the stories page and found by search engines.',
  },
  link: {
    label: 'Only people I send the link to',
    hint: 'Not listed anywhere and not found by search engines; anyone with the link can read it.',
  },
};

/** The sensitive topics a story can carry a note on: readers see the note first and choose to read on. */
export const CONTENT_NOTES = ['pregnancy-loss', 'fertility', 'surgery-images', 'mental-health'] as const;
export type ContentNote = (typeof CONTENT_NOTES)[number];

export const CONTENT_NOTE_LABELS: Record<ContentNote, string> = {
  'pregnancy-loss': 'Pregnancy loss',
  fertility: 'Fertility',
  'surgery-images': 'Surgery images',
  'mental-health': 'Mental health',
};

/** "Pregnancy loss, surgery images": the notes as a reader sees them. */
export const contentNoteWords = (notes: readonly string[]): string =>
  notes
    .map((note, i) => {
      const label = CONTENT_NOTE_LABELS[note as ContentNote] ?? note;
      return i === 0 ? label : label.toLowerCase();
    })
    .join(', ');
