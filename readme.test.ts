/** The README's commands work when pasted (issue 34): no block runs a command after one that keeps running. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const readme = readFileSync(new URL('./README.md', import.meta.url), 'utf8');

/** Each shell block: its commands (comments and blank lines aside) and the line of prose just above it. */
function shellBlocks(markdown: string) {
  return [...markdown.matchAll(/([^\n]*)\n+```sh\n([\s\S]*?)```/g)].map(([, above, body]) => ({
    above: above!.trim(),
    commands: body!
      .split('\n')
      .map((line) => line.replace(/\s+#.*$/, '').trim())
      .filter((line) => line && !line.startsWith('#')),
  }));
}

/** Commands that keep running (a server) until stopped: nothing after them in a pasted block runs. */
const KEEPS_RUNNING = /\bnpm (start|run dev:\w+)\b|\bnode\b.*dist\/server\/index\.js/;

const section = (title: string) => readme.split(/^## /m).find((s) => s.startsWith(`${title}\n`))!;

describe('the README', () => {
  it('gives the Quick start its two commands, each in its own block under one line saying what it does', () => {
    const blocks = shellBlocks(section('Quick start'));
    expect(blocks.map((b) => b.commands)).toEqual([['npm install && npm start'], ['npm test']]);
    for (const { above, commands } of blocks) expect(above, commands[0]).toMatch(/^[A-Z].*:$/);
  });

  it('never puts a command after one that keeps running, in any block', () => {
    for (const { commands } of shellBlocks(readme))
      for (const command of commands.slice(0, -1)) expect(command).not.toMatch(KEEPS_RUNNING);
  });
});
