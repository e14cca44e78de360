/** A story's Markdown subset, and the plain-text excerpt lists show: the same on the server and in the browser. */

/** The Markdown a story may use; anything else (links, images, headings, code, raw HTML) is shown as its text or dropped. */
export const STORY_ELEMENTS = ['p', 'strong', 'em', 'ul', 'ol', 'li', 'blockquote', 'br'];

/** Plain text from the story's Markdown subset, cut at a word near `max` characters. */
export function excerpt(markdown: string, max = 220): string {
  const text = markdown
    .replace(/<[^>]*>/g, ' ')
    .replace(/^\s{0,3}(?:[-*+]|\d+[.)]|>)\s+/gm, '')
    .replace(/(\*\*|__|\*|_)(\S(?:.*?\S)?)\1/g, '$2')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}
