/**
 * The page budgets of docs/performance.md, measured from the build (exact, and fast: no browser). Lighthouse and
 * the bench stay out of the tests: their figures move with the machine.
 */
import { describe, expect, it } from 'vitest';
import { PRERENDERED_PAGES, SERVER_RENDERED_PATHS } from '../../src/shared/routes.ts';
import { KB, pageBundle } from '../../scripts/bundle-sizes.ts';

/** JavaScript a page loads before the visitor does anything, gzip, in KB. */
const JS_BEFORE_INTERACTION_KB = 95;

/** The first HTML response, compressed as the server sends it, in KB: what the first round trip carries. */
const FIRST_HTML_KB = 14.7;

/** Every page whose HTML carries its content: prerendered, or rendered by the server from the records. */
const PUBLIC_PAGES = [...Object.keys(PRERENDERED_PAGES), ...SERVER_RENDERED_PATHS];

describe('the public pages', () => {
  it.each(PUBLIC_PAGES)(`%s loads at most ${JS_BEFORE_INTERACTION_KB} KB of JavaScript before interaction`, (path) => {
    const { jsGzip, scripts } = pageBundle(path);
    // On failure, the files it loads and what each weighs.
    const files = scripts.map((s) => `${s.file} ${(s.gzip / KB).toFixed(1)} KB`).join(', ');
    expect(jsGzip / KB, files).toBeLessThanOrEqual(JS_BEFORE_INTERACTION_KB);
  });

  // The prerendered pages: the same for every visitor. A record page's HTML grows with its record (a story's
  // length), so it has no fixed budget.
  it.each(Object.keys(PRERENDERED_PAGES))(`%s sends its first HTML in at most ${FIRST_HTML_KB} KB`, (path) => {
    expect(pageBundle(path).htmlBrotli / KB).toBeLessThanOrEqual(FIRST_HTML_KB);
  });
});
