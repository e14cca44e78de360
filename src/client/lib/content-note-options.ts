/** The content notes as an author's checkboxes offer them (a story's editor, a fundraiser's update). */
import { CONTENT_NOTE_LABELS, CONTENT_NOTES } from '#shared/story-audience.ts';

export const CONTENT_NOTE_OPTIONS = CONTENT_NOTES.map((value) => ({ value, label: CONTENT_NOTE_LABELS[value] }));
