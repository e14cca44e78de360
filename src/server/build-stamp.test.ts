/** `npm start` builds only when the build's inputs changed (issue 15): the stamp that decides it. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isBuildCurrent, writeStamp } from '../../scripts/build-stamp.mjs';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

function write(root: string, file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}

/** A checkout in miniature: one source, one content file, the lockfile and a complete dist/. */
function project(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hc-stamp-'));
  roots.push(root);
  write(root, 'src/server/index.ts', 'serve();');
  write(root, 'content/campaign.json', '{}');
  write(root, 'package-lock.json', '{}');
  for (const file of ['dist/server/index.js', 'dist/ssr/entry-server.js', 'dist/client/pages/index.html'])
    write(root, file, 'built');
  return root;
}

describe('the build stamp', () => {
  it('calls a build current only after it was stamped, and not once a source, the content or the lockfile changes', () => {
    const root = project();
    expect(isBuildCurrent(root)).toBe(false);
    writeStamp(root);
    expect(isBuildCurrent(root)).toBe(true);
    for (const [file, text] of [
      ['src/server/index.ts', 'serve(); // changed'],
      ['content/campaign.json', '{"goal":1}'],
      ['package-lock.json', '{"v":2}'],
      ['src/client/new-page.tsx', 'export {};'],
    ]) {
      write(root, file!, text!);
      expect(isBuildCurrent(root), file).toBe(false);
      writeStamp(root);
      expect(isBuildCurrent(root)).toBe(true);
    }
  });

  it('ignores tests, and calls an incomplete dist/ not current', () => {
    const root = project();
    writeStamp(root);
    write(root, 'src/server/index.test.ts', 'test();');
    expect(isBuildCurrent(root)).toBe(true);
    fs.rmSync(path.join(root, 'dist/ssr'), { recursive: true });
    expect(isBuildCurrent(root)).toBe(false);
  });
});
