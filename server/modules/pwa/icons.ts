// The installed app's icons, made with sharp from the club's logo (the standing main logo an
// administrator set in the logo admin) or, without one, from the site's own camera mark. Made on
// first request per logo version and kept in memory: a new logo is a new version.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { files, logos } from '../../db/schema/index.js';
import { loadSharp } from '../../lib/sharp.js';
import type { FileStorage } from '../../lib/storage.js';

/** Bumped when the drawing below changes, so browsers fetch the icons again. */
const ICON_STYLE = 1;

/** The site's colours (web/app/app.css --club-blue and --club-bg; index.html's theme-color metas). */
export const THEME_COLOR = '#1d4ed8';
export const BACKGROUND_COLOR = '#f8fafc';
export const DARK_THEME_COLOR = '#111827';

type Purpose = 'any' | 'maskable' | 'apple' | 'badge';
export const ICONS = {
  'icon-192.png': { size: 192, purpose: 'any' },
  'icon-512.png': { size: 512, purpose: 'any' },
  'maskable-512.png': { size: 512, purpose: 'maskable' },
  'apple-touch-icon.png': { size: 180, purpose: 'apple' },
  /** Android shows a notification's badge as a white silhouette: drawn, never the logo. */
  'badge-96.png': { size: 96, purpose: 'badge' },
} as const satisfies Record<string, { size: number; purpose: Purpose }>;
export type IconName = keyof typeof ICONS;
export const isIconName = (name: string): name is IconName => Object.hasOwn(ICONS, name);

const CAMERA = `<path d="M7 13h6l2.5-4h9L27 13h6a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V15a2 2 0 0 1 2-2z" fill="#fff"/>`;
/** The favicon (web/public/favicon.svg): a rounded blue square with the camera. */
const ROUNDED_MARK = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40">
<rect width="40" height="40" rx="8" fill="${THEME_COLOR}"/>${CAMERA}
<circle cx="20" cy="22.5" r="6.5" fill="${THEME_COLOR}"/><circle cx="20" cy="22.5" r="2.6" fill="#f59e0b"/></svg>`;
/** Full bleed with the camera inside the maskable safe zone (the middle circle of 80 %). */
const FULL_MARK = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40">
<rect width="40" height="40" fill="${THEME_COLOR}"/><g transform="translate(20 20) scale(0.72) translate(-20 -21)">${CAMERA}
<circle cx="20" cy="22.5" r="6.5" fill="${THEME_COLOR}"/><circle cx="20" cy="22.5" r="2.6" fill="#f59e0b"/></g></svg>`;
const BADGE = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40">
<path fill-rule="evenodd" fill="#fff" d="M7 13h6l2.5-4h9L27 13h6a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V15a2 2 0 0 1 2-2z
M20 16a6.5 6.5 0 1 0 0 13a6.5 6.5 0 1 0 0-13z"/></svg>`;

/** Where the icons come from: the logo's bytes (null: the site's mark) and a version naming them. */
export interface IconSource {
  version: string;
  load: () => Promise<Buffer | null>;
}

/** A logo larger than this is not read (uploads are re-encoded and far smaller). */
const MAX_LOGO_BYTES = 20 * 1024 * 1024;

/**
 * The standing main logo: active and without dates. A holiday logo would stay on home screens
 * long after its day (browsers refresh an installed app's icons rarely), so it is never used.
 */
export async function iconSource(db: Db, storage: FileStorage, webDir: string): Promise<IconSource> {
  const [logo] = await db
    .select({ id: logos.id, image: logos.image, fileKey: logos.fileKey })
    .from(logos)
    .where(and(eq(logos.kind, 'main'), eq(logos.active, true), isNull(logos.startsOn), isNull(logos.endsOn)))
    .orderBy(desc(logos.id))
    .limit(1);
  if (!logo) return { version: version('site'), load: async () => null };
  return {
    version: version(`${logo.id}:${logo.fileKey ?? ''}:${logo.image}`),
    load: async () => (logo.fileKey ? readUpload(db, storage, logo.fileKey) : readWebFile(webDir, logo.image)),
  };
}

const version = (what: string) => createHash('sha256').update(`${ICON_STYLE}:${what}`).digest('base64url').slice(0, 12);

async function readUpload(db: Db, storage: FileStorage, fileKey: string): Promise<Buffer | null> {
  const [file] = await db.select({ path: files.storagePath, size: files.size }).from(files).where(eq(files.key, fileKey)).limit(1);
  if (!file || file.size > MAX_LOGO_BYTES) return null;
  const object = await storage.get(file.path);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A logo given as a path of the web app (/images/…); addresses elsewhere are never fetched. */
async function readWebFile(webDir: string, image: string): Promise<Buffer | null> {
  if (!/^\/(?!\/|api\/)[^?#]*$/.test(image)) return null;
  const root = resolve(webDir);
  const path = resolve(root, `.${decodeURIComponent(image)}`);
  if (!path.startsWith(root + sep)) return null;
  return readFile(path).catch(() => null);
}

/** Draws one icon: the site's mark when logo is null. */
export async function drawIcon(name: IconName, logo: Buffer | null): Promise<Buffer> {
  const { size, purpose } = ICONS[name];
  if (purpose === 'badge') return svgPng(BADGE, size);
  if (!logo) return svgPng(purpose === 'any' ? ROUNDED_MARK : FULL_MARK, size);
  const sharp = await loadSharp();
  const meta = await sharp(logo).metadata();
  const aspect = (meta.width ?? 1) / (meta.height ?? 1);
  // 'any': inside a rounded white tile, 84 % of it. Maskable and Apple's: the logo's corners
  // within the safe circle (radius 40 %), as launchers crop to any shape inside it.
  const [w, h] = purpose === 'any' ? fit(aspect, size * 0.84, size * 0.84) : fit(aspect, ...inCircle(aspect, size * 0.4 * 0.94));
  const art = await sharp(logo).resize(w, h, { fit: 'inside' }).png().toBuffer();
  const tile =
    purpose === 'any'
      ? await svgPng(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" rx="${size * 0.2}" fill="#fff"/></svg>`, size)
      : await sharp({ create: { width: size, height: size, channels: 4, background: '#ffffff' } }).png().toBuffer();
  return sharp(tile).composite([{ input: art, gravity: 'centre' }]).png().toBuffer();
}

/** The largest box of this aspect within w × h, in whole pixels. */
function fit(aspect: number, w: number, h: number): [number, number] {
  const width = Math.min(w, h * aspect);
  return [Math.max(1, Math.floor(width)), Math.max(1, Math.floor(width / aspect))];
}

/** The box of this aspect whose corners lie on a circle of radius r. */
function inCircle(aspect: number, r: number): [number, number] {
  const h = (2 * r) / Math.sqrt(aspect * aspect + 1);
  return [h * aspect, h];
}

const svgPng = async (svg: string, size: number) =>
  (await loadSharp())(Buffer.from(svg), { density: Math.ceil((72 * size) / 40) })
    .resize(size, size)
    .png()
    .toBuffer();

/**
 * Icons kept per version: only the current version's, so a logo changed on another node is drawn
 * again here on the next request and the old bytes go.
 */
export class IconCache {
  private version = '';
  private readonly made = new Map<IconName, Promise<Buffer>>();

  constructor(private readonly onBadLogo: (err: unknown) => void) {}

  get(source: IconSource, name: IconName): Promise<Buffer> {
    if (source.version !== this.version) {
      this.version = source.version;
      this.made.clear();
    }
    let icon = this.made.get(name);
    if (!icon) {
      icon = source
        .load()
        .then((logo) => drawIcon(name, logo))
        // A logo sharp cannot read still leaves the app an icon: the site's mark.
        .catch((err: unknown) => {
          this.onBadLogo(err);
          return drawIcon(name, null);
        });
      this.made.set(name, icon);
    }
    return icon;
  }
}
