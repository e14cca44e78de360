/**
 * A story's Markdown as HTML, rendered here once per published version so that readers' browsers never load a
 * Markdown renderer: only the elements of STORY_ELEMENTS, no attributes, raw HTML dropped (react-markdown with
 * React's escaping, the renderer the page used before).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import Markdown from 'react-markdown';
import { LRUCache } from 'lru-cache';
import { STORY_ELEMENTS } from '#shared/story-text.ts';

/** Published versions rendered lately; a story's text changes only when a moderator approves it. */
const rendered = new LRUCache<string, string>({ max: 500 });

export function storyHtml(markdown: string): string {
  let html = rendered.get(markdown);
  if (html === undefined) {
    html = renderToStaticMarkup(
      createElement(Markdown, { skipHtml: true, allowedElements: STORY_ELEMENTS, unwrapDisallowed: true }, markdown),
    );
    rendered.set(markdown, html);
  }
  return html;
}
