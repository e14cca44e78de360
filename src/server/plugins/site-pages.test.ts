/**
 * When the public pages render (issue 15): never during the app's start, page requests that come first wait for
 * the first render, and a version that failed to render does not keep a newer one from rendering.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterEach, describe, expect, it } from 'vitest';
import { BOOT_SCRIPT, SITE_DATA_FILE, siteDataPath } from '../services/site-pages.ts';
import { SITE_URL_PLACEHOLDER } from '#shared/routes.ts';
import sitePagesPlugin from './site-pages.ts';

const BUILT_SITE_DATA = JSON.stringify({ content: { marker: 'seed' }, siteUrl: SITE_URL_PLACEHOLDER });

const dirs: string[] = [];
let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A build in miniature: the template, the seed's own pages, and an SSR entry that renders the content's `marker`. */
function fakeBuild(template = '<html><!--app-head--><!--app-html--></html>'): {
  distDir: string;
  ssrEntry: string;
} {
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hc-pages-'));
  dirs.push(distDir);
  fs.mkdirSync(path.join(distDir, 'pages'));
  fs.writeFileSync(path.join(distDir, 'pages', '_template.html'), template);
  for (const name of ['index', '404']) fs.writeFileSync(path.join(distDir, 'pages', `${name}.html`), 'the seed page');
  fs.writeFileSync(path.join(distDir, 'pages', SITE_DATA_FILE), BUILT_SITE_DATA);
  const ssrEntry = path.join(distDir, 'entry-server.mjs');
  fs.writeFileSync(
    ssrEntry,
    `export async function render(pathname, site) {
       if (site.content.marker === 'broken') throw new Error('cannot render');
       globalThis.onRender?.();
       await globalThis.renderGate;
       const hiding = site.hiddenGivingOptions ? ' hiding ' + site.hiddenGivingOptions.paymentMethods.join() : '';
       return { head: '', html: 'rendered ' + site.content.marker + hiding, siteData: '' };
     }
     export const pageReads = () => [];`,
  );
  return { distDir, ssrEntry };
}

async function appWith(
  campaign: { id: string; version: number; content: Record<string, unknown> },
  env: 'production' | 'development' = 'development',
  { template, logLines }: { template?: string; logLines?: string[] } = {},
) {
  const { distDir, ssrEntry } = fakeBuild(template);
  app = Fastify(
    logLines ? { logger: { level: 'error', stream: { write: (line: string) => logLines.push(line) } } } : {},
  );
  await app.register(
    fp(
      async (instance) => {
        instance.decorate('config', { publicUrl: 'http://localhost:3000', env } as never);
        instance.decorate('campaigns', { mainAppeal: async () => campaign } as never);
        // These campaigns are markers, not content: nothing in them is the seed's example.
        instance.decorate('examples', { live: (content: unknown) => content, appealIsExample: () => false } as never);
      },
      { name: 'db' },
    ),
  );
  await app.register(sitePagesPlugin, { distDir, ssrEntry });
  return app;
}

const text = async (site: FastifyInstance, name: string) => (await site.sitePages.get(name))?.raw.toString();

describe('the public pages', () => {
  it('log an error at start when they were built with another boot script than the server (the CSP would stop it)', async () => {
    const campaign = { id: 'c', version: 1, content: { marker: 'one' } };
    const built = (script: string) => `<html><!--app-head--><!--app-html--><script>${script}</script></html>`;
    const current: string[] = [];
    await (await appWith(campaign, 'development', { template: built(BOOT_SCRIPT), logLines: current })).ready();
    expect(current.join('')).not.toContain('boot script');
    await app!.close();
    const other: string[] = [];
    const stale = built(BOOT_SCRIPT.replace('3000', '2000'));
    await (await appWith(campaign, 'development', { template: stale, logLines: other })).ready();
    expect(other.join('')).toContain('the pages were built with another boot script than the server');
  });

  it('are not rendered while the app starts; a page asked for before the first render ends waits for it', async () => {
    let open = () => {};
    (globalThis as { renderGate?: Promise<void> }).renderGate = new Promise<void>((resolve) => (open = resolve));
    const site = await appWith({ id: 'c', version: 1, content: { marker: 'one' } });
    await site.ready();
    const page = text(site, 'index');
    open();
    expect(await page).toContain('rendered one');
  });

  it('answer a record page with none (the app shell) when a write forgets the pages while it renders', async () => {
    (globalThis as { renderGate?: Promise<void> }).renderGate = Promise.resolve();
    const site = await appWith({ id: 'c', version: 1, content: { marker: 'one' } });
    await site.ready();
    expect(await text(site, 'index')).toContain('rendered one');
    let open = () => {};
    (globalThis as { renderGate?: Promise<void> }).renderGate = new Promise<void>((resolve) => (open = resolve));
    const rendering = new Promise<void>((resolve) => ((globalThis as { onRender?: () => void }).onRender = resolve));
    const page = site.sitePages.recordPage('/stories/some-story', '');
    await rendering;
    (globalThis as { onRender?: () => void }).onRender = undefined;
    site.sitePages.forgetRecordPages();
    open();
    expect(await page).toBeUndefined();
    expect((await site.sitePages.recordPage('/stories/some-story', ''))?.page.raw.toString()).toContain('rendered one');
  });

  it('show the seed page while the published version cannot be rendered, and render the next version', async () => {
    (globalThis as { renderGate?: Promise<void> }).renderGate = Promise.resolve();
    const campaign = { id: 'c', version: 1, content: { marker: 'broken' } };
    const site = await appWith(campaign);
    await site.ready();
    expect(await text(site, 'index')).toBe('the seed page');

    Object.assign(campaign, { version: 2, content: { marker: 'two' } });
    await expect.poll(() => text(site, 'index')).toContain('rendered two');
  });

  it('leave out the example ways to give in production only', async () => {
    (globalThis as { renderGate?: Promise<void> }).renderGate = Promise.resolve();
    const campaign = {
      id: 'c',
      version: 1,
      content: {
        marker: 'one',
        paymentMethods: [
          { name: 'PayPal', link: 'https://www.paypal.me/MayaHarrow', description: 'Card or balance' },
          { name: 'CashApp', link: 'https://cash.app/$HealingCircleExample', description: 'Send to us' },
        ],
        directTransfer: { email: 'give@example.org' },
        crowdfunding: { url: 'https://www.gofundme.com/f/maya' },
      },
    };
    const live = await appWith(campaign, 'production');
    await live.ready();
    expect(await text(live, 'index')).toBe('<html>rendered one hiding CashApp</html>');
    await live.close();
    const local = await appWith(campaign);
    await local.ready();
    expect(await text(local, 'index')).toBe('<html>rendered one</html>');
  });

  it("serve the site data of the version they show, a newer one another instance rendered, and the build's", async () => {
    (globalThis as { renderGate?: Promise<void> }).renderGate = Promise.resolve();
    const campaign = { id: 'c', version: 1, content: { marker: 'one' } };
    const site = await appWith(campaign);
    await site.ready();
    await text(site, 'index');
    const data = async (json: string) => (await site.sitePages.siteData(siteDataPath(json)))?.raw.toString();
    const one = JSON.stringify({ content: campaign.content, siteUrl: 'http://localhost:3000' });
    expect(JSON.parse((await data(one))!)).toEqual(JSON.parse(one));

    // Published elsewhere: the page another instance rendered names data this one has not rendered yet.
    Object.assign(campaign, { version: 2, content: { marker: 'two' } });
    const two = JSON.stringify({ content: campaign.content, siteUrl: 'http://localhost:3000' });
    expect(JSON.parse((await data(two))!)).toEqual(JSON.parse(two));
    // The build's own pages name the build's data, served with this site's address.
    expect(JSON.parse((await data(BUILT_SITE_DATA))!).siteUrl).toBe('http://localhost:3000');
    expect(await site.sitePages.siteData('/site-data/AAAAAAAAAAAAAAAA.json')).toBeUndefined();
  });
});
