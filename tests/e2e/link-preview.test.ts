/**
 * Previews that show when a link is shared (issue 16): og:image and twitter:image name a 1200 x 630 PNG of the
 * campaign's photo and headline, with its size and alt text, the structured data names the same picture, and
 * a new headline gets a new picture at a new address without a rebuild.
 */
import { describe, expect, it } from 'vitest';
import type { CampaignContent } from '../../src/shared/schemas/campaign.ts';
import { browserSuite, signInAsAdmin, type Page } from './fixtures.ts';

const suite = browserSuite();

const meta = (page: Page, key: string) =>
  page.locator(`meta[property="${key}"], meta[name="${key}"]`).getAttribute('content');

/** The width and height a PNG states in its header. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function previewOf(page: Page, path: string) {
  await page.goto(path);
  const image = (await meta(page, 'og:image'))!;
  const jsonLd = page.locator('script[type="application/ld+json"]');
  const graph = (await jsonLd.count()) ? JSON.parse((await jsonLd.textContent())!) : {};
  return {
    image,
    twitterImage: await meta(page, 'twitter:image'),
    width: await meta(page, 'og:image:width'),
    height: await meta(page, 'og:image:height'),
    type: await meta(page, 'og:image:type'),
    alt: await meta(page, 'og:image:alt'),
    twitterAlt: await meta(page, 'twitter:image:alt'),
    structured: (graph['@graph'] as { '@type': string; url?: string }[] | undefined)?.find(
      (node) => node['@type'] === 'ImageObject',
    ),
  };
}

async function fetchPng(page: Page, url: string) {
  const res = await page.request.get(url);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('image/png');
  return res.body();
}

describe('the link preview', () => {
  it('is a 1200 x 630 PNG of the photo and headline, named alike by the tags and the structured data', async () => {
    const { page } = await suite.newPage({ javaScriptEnabled: false });
    const home = await previewOf(page, '/');
    expect(home.image).toMatch(new RegExp(`^${suite.site.baseURL}/share/[0-9a-f]{8}\\.png$`));
    expect(home).toMatchObject({
      twitterImage: home.image,
      width: '1200',
      height: '630',
      type: 'image/png',
      alt: "Maya's Endometriosis Surgery Fund: Help Maya get the specialist surgery she needs to live without constant pain",
    });
    expect(home.twitterAlt).toBe(home.alt);
    expect(home.structured).toMatchObject({ url: home.image, width: 1200, height: 630 });
    expect(pngSize(await fetchPng(page, home.image))).toEqual({ width: 1200, height: 630 });
    // The donate page, shared as often, shows the same picture.
    expect((await previewOf(page, '/donate')).image).toBe(home.image);
  });

  it('is drawn again for a new headline, at a new address, without a rebuild', async () => {
    const { page, context } = await suite.newPage({ javaScriptEnabled: false });
    const before = await previewOf(page, '/');
    const firstPng = await fetchPng(page, before.image);

    await signInAsAdmin(context, suite.site, 'super_admin');
    const current = (await (await context.request.get('/api/admin/campaign')).json()) as {
      version: number;
      content: CampaignContent;
    };
    const headline = 'Maya has a surgery date: help her keep it';
    const published = await context.request.put('/api/admin/campaign', {
      data: { content: { ...current.content, headline }, expectedVersion: current.version },
      headers: { origin: suite.site.baseURL },
    });
    expect(published.status()).toBe(200);

    const after = await previewOf(page, '/');
    expect(after.image).not.toBe(before.image);
    expect(after.alt).toContain(headline);
    const secondPng = await fetchPng(page, after.image);
    expect(pngSize(secondPng)).toEqual({ width: 1200, height: 630 });
    expect(secondPng.equals(firstPng)).toBe(false);
    // A page cached with another address (the build's file aside) gets the current picture.
    const other = after.image.replace(/\/share\/[0-9a-f]{8}\.png$/, '/share/00000000.png');
    expect((await fetchPng(page, other)).equals(secondPng)).toBe(true);
  });
});
