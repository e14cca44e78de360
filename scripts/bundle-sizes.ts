/** Sizes from dist/client, independent of Lighthouse: what a page loads before interaction, and a build fingerprint. */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PRERENDERED_PAGES } from '../src/shared/routes.ts';
import { ROOT } from './app-process.ts';

export const CLIENT_DIR = path.join(ROOT, 'dist', 'client');
export const KB = 1024;

export const gzipBytes = (buf: Buffer | string) => gzipSync(buf, { level: 9 }).length;

/** The route module each page loads before hydrating (read from the table in src/client/routes.tsx). */
function pageModuleName(pathname: string): string | undefined {
  const source = fs.readFileSync(path.join(ROOT, 'src/client/routes.tsx'), 'utf8');
  const escaped = pathname.replace(/[/.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`'${escaped}':\\s*\\{\\s*load:\\s*\\(\\)\\s*=>\\s*import\\('[^']*/([\\w-]+)\\.tsx'\\)`).exec(
    source,
  );
  return match?.[1];
}

/** Chunks a module imports statically (`import ... from "./x.js"`, `import "./x.js"`, `export ... from "./x.js"`); not import(). */
function staticImports(file: string): string[] {
  const code = fs.readFileSync(file, 'utf8');
  const found = new Set<string>();
  for (const m of code.matchAll(/\b(?:import|export)\s*(?:[^'"();]*?\bfrom\s*)?["']\.\/([\w.-]+\.js)["']/g))
    found.add(m[1]!);
  return [...found];
}

export interface PageBundle {
  htmlBytes: number;
  htmlGzip: number;
  /** Entry script, modulepreloads, the page chunk, and everything they import statically. */
  scripts: { file: string; bytes: number; gzip: number }[];
  jsBytes: number;
  jsGzip: number;
}

/**
 * What the page at `pathname` (a path of the page table) loads before interaction. A prerendered page is read
 * whole; any other page loads the app shell's scripts (its HTML is rendered per request, or in the browser).
 */
export function pageBundle(pathname: string): PageBundle {
  const name = (PRERENDERED_PAGES as Record<string, string>)[pathname] ?? '_app';
  const html = fs.readFileSync(path.join(CLIENT_DIR, 'pages', `${name}.html`));
  const text = html.toString('utf8');
  const assets = fs.readdirSync(path.join(CLIENT_DIR, 'assets'));
  const roots = new Set<string>();
  for (const m of text.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="\/assets\/([^"]+\.js)"/g)) roots.add(m[1]!);
  for (const m of text.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="\/assets\/([^"]+\.js)"/g))
    roots.add(m[1]!);
  const moduleName = pageModuleName(pathname);
  const pageChunk =
    moduleName &&
    assets.find((f) => f.startsWith(`${moduleName}-`) && f.endsWith('.js') && /^[\w-]+-[\w-]{8}\.js$/.test(f));
  // A figure without the page's own chunk would understate what the page loads: stop instead.
  if (!pageChunk)
    throw new Error(
      `could not find the page chunk for ${pathname} (module ${moduleName ?? '?'}) in dist/client/assets`,
    );
  roots.add(pageChunk);

  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file) || !assets.includes(file)) continue;
    seen.add(file);
    queue.push(...staticImports(path.join(CLIENT_DIR, 'assets', file)));
  }
  const scripts = [...seen].map((file) => {
    const buf = fs.readFileSync(path.join(CLIENT_DIR, 'assets', file));
    return { file, bytes: buf.length, gzip: gzipBytes(buf) };
  });
  return {
    htmlBytes: html.length,
    htmlGzip: gzipBytes(html),
    scripts,
    jsBytes: scripts.reduce((a, s) => a + s.bytes, 0),
    jsGzip: scripts.reduce((a, s) => a + s.gzip, 0),
  };
}

/** The built files the app serves; compared before and after, since a rebuild mid-run mixes two builds. */
export function buildFingerprint(): string {
  const dirs = [path.join(CLIENT_DIR, 'assets'), path.join(CLIENT_DIR, 'pages')];
  return dirs
    .map((dir) =>
      fs.existsSync(dir)
        ? fs
            .readdirSync(dir)
            .sort()
            .map((f) => `${f}:${fs.statSync(path.join(dir, f)).mtimeMs}`)
            .join(',')
        : '',
    )
    .join('|');
}
