/**
 * A story's Markdown as HTML, rendered here once per published version so that readers' browsers never load a
 * Markdown renderer: only the elements of STORY_ELEMENTS, no attributes, raw HTML dropped (react-markdown with
 * React's escaping, the renderer the page used before).
 */
import { LRUCache } from 'lru-cache';
import { STORY_ELEMENTS } from '#shared/story-text.ts';

/** Published versions rendered lately; a story's text changes only when a moderator approves it. */
const rendered = new LRUCache<string, string>({ max: 500 });

/** React, its server renderer and react-markdown (about 20 MB resident), loaded when a story is first read. */
let renderer: Promise<(markdown: string) => string> | undefined;

async function loadRenderer(): Promise<(markdown: string) => string> {
  const [{ createElement }, { renderToStaticMarkup }, { default: Markdown }] = await Promise.all([
    import('react'),
    import('react-dom/server'),
    import('react-markdown'),
  ]);
  return (markdown) =>
    renderToStaticMarkup(
      createElement(Markdown, { skipHtml: true, allowedElements: STORY_ELEMENTS, unwrapDisallowed: true }, markdown),
    );
}

export async function storyHtml(markdown: string): Promise<string> {
  let html = rendered.get(markdown);
  if (html === undefined) {
    // A load that failed is tried again by the next story read, not kept.
    renderer ??= loadRenderer().catch((err: unknown) => {
      renderer = undefined;
      throw err;
    });
    html = (await renderer)(markdown);
    rendered.set(markdown, html);
  }
  return html;
}
