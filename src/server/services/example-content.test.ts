/** Where a mail tells people to write: the site's own address, or the contact page while the address is the example. */
import { describe, expect, it } from 'vitest';
import { readSeedContent } from '../db/seed.ts';
import { loadExamples } from './example-content.ts';

const publicUrl = 'https://healing-circle.test';

describe('writeTo', () => {
  it('in production, is the contact page while the support address is the example, then the site’s own address', async () => {
    const examples = await loadExamples({ production: true, publicUrl });
    const seed = await readSeedContent();
    expect(examples.writeTo(seed)).toEqual({ contactPage: `${publicUrl}/contact` });
    const own = { ...seed, support: { ...seed.support, email: 'help@healing-circle.test' } };
    expect(examples.writeTo(own)).toEqual({ email: 'help@healing-circle.test' });
  });

  it('elsewhere, is the support address as the content gives it', async () => {
    const examples = await loadExamples({ production: false, publicUrl });
    const seed = await readSeedContent();
    expect(examples.writeTo(seed)).toEqual({ email: seed.support.email });
  });
});
