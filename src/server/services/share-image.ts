/**
 * Draws the link preview (src/shared/share-image.ts): the share photo cropped to 1200 x 630, darkened at the
 * foot, with the campaign's name and headline. satori lays the words out as vector paths in an SVG (with the
 * Inter font shipped in node_modules, so no system fonts are needed), and sharp composites it onto the photo.
 * Both load on the first drawing (a new headline or photo), not with the server: together about 40 MB.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { SHARE_IMAGE } from '#shared/share-image.ts';
import type { CampaignContent } from '#shared/schemas/campaign.ts';
import type { Db } from '../db/client.ts';
import { uploads } from '../db/schema/index.ts';

const require = createRequire(import.meta.url);
let fonts: Promise<{ name: string; data: Buffer; weight: 400 | 700; style: 'normal' }[]> | undefined;
const loadFonts = () =>
  (fonts ??= Promise.all(
    ([400, 700] as const).map(async (weight) => ({
      name: 'Inter',
      weight,
      style: 'normal' as const,
      data: await fs.promises.readFile(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`)),
    })),
  ));

type Node = { type: string; props: Record<string, unknown> & { children?: Node | Node[] | string } };
const el = (type: string, style: Record<string, unknown>, children?: Node['props']['children']): Node => ({
  type,
  props: { style, children },
});

/** The words and the shade behind them, as an SVG of the preview's size. */
async function overlay(content: CampaignContent): Promise<string> {
  const { width, height } = SHARE_IMAGE;
  const words = el(
    'div',
    { position: 'absolute', left: 64, right: 64, bottom: 52, display: 'flex', flexDirection: 'column' },
    [
      el('div', { fontSize: 30, fontWeight: 700, opacity: 0.92, marginBottom: 14 }, content.name),
      el('div', { fontSize: 52, fontWeight: 700, lineHeight: 1.15, lineClamp: 3 }, content.headline),
      el('div', { fontSize: 26, fontWeight: 400, marginTop: 22, opacity: 0.9 }, content.product.name),
    ],
  );
  const tree = el(
    'div',
    {
      width,
      height,
      display: 'flex',
      position: 'relative',
      backgroundImage: 'linear-gradient(to bottom, rgba(40,12,34,0) 10%, rgba(40,12,34,0.9) 75%)',
      color: 'white',
      fontFamily: 'Inter',
    },
    [words],
  );
  const { default: satori } = await import('satori');
  return satori(tree as never, { width, height, fonts: await loadFonts() });
}

/**
 * The preview PNG. `photo` is the share photo's bytes (SVG, PNG, JPEG or WebP); without one (it could not be
 * read) the words go on the site's own colours.
 */
export async function renderShareImage(content: CampaignContent, photo: Buffer | null): Promise<Buffer> {
  const { width, height } = SHARE_IMAGE;
  const { default: sharp } = await import('sharp');
  const background = photo
    ? sharp(photo, { density: 144 }).resize(width, height, { fit: 'cover' })
    : sharp({ create: { width, height, channels: 3, background: '#8f4f7c' } });
  return background
    .composite([{ input: Buffer.from(await overlay(content)) }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/**
 * The share photo's bytes: an uploaded campaign image (/api/uploads/<id>) from the database, or a file of the
 * build; null when there is none (the preview is then drawn without it).
 */
export async function readSharePhoto(src: string, from: { distDir: string; db?: Db }): Promise<Buffer | null> {
  const upload = /^\/api\/uploads\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(src);
  if (upload) {
    if (!from.db) return null;
    const [row] = await from.db
      .select({ bytes: uploads.bytes })
      .from(uploads)
      .where(and(eq(uploads.id, upload[1]!), eq(uploads.purpose, 'campaign_image')));
    return row ? Buffer.from(row.bytes) : null;
  }
  const file = path.join(from.distDir, src);
  if (!file.startsWith(path.join(from.distDir, path.sep))) return null;
  return fs.promises.readFile(file).catch(() => null);
}
