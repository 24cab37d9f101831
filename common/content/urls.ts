// Which addresses content may point at. Used by the server's sanitiser (links and images a
// member wrote) and by the renderer (links it makes from text and tokens), so both sides agree.
import { encodeSlashes } from '../format.js';

/** Images in content are downloaded from here (docs/api.md#files). */
export const FILE_DOWN_PREFIX = '/api/file/down/';

/** An upload under its own name (FileInfo.url), and its stored sizes (docs/api.md#files). */
export const fileUrl = (fileKey: string, name: string) => `${FILE_DOWN_PREFIX}${encodeURIComponent(fileKey)}/${encodeURIComponent(name)}`;
export const thumbUrl = (fileKey: string) => `${FILE_DOWN_PREFIX}${encodeURIComponent(fileKey)}/thumb`;
/** The 1,280 px copy (the server answers the photo itself for one without it). */
export const mediumUrl = (fileKey: string) => `${FILE_DOWN_PREFIX}${encodeURIComponent(fileKey)}/medium`;
/** The photo as uploaded, for its owner (a watermarked gallery photo's clean copy). */
export const originalUrl = (fileKey: string) => `${FILE_DOWN_PREFIX}${encodeURIComponent(fileKey)}/original`;

/** A path part for our own routes: slashes become three hyphens (docs/product/site.md#formats), the rest is encoded. */
export function pathPart(value: string | number): string {
  return encodeURIComponent(encodeSlashes(String(value)));
}

// Browsers drop tabs and newlines anywhere in a URL and ignore leading control characters and
// spaces, which is how "java\tscript:" and "\u0001javascript:" get through naive checks. We refuse
// any control character inside and trim only the ends.
/* eslint-disable no-control-regex -- control characters are what these look for */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const EDGES = /^[\u0000-\u0020\u007f-\u009f]+|[\u0000-\u0020\u007f-\u009f]+$/g;
/* eslint-enable no-control-regex */

/**
 * Two unlike pages of an imagined site. A link is read as a browser reads it on each (the URL
 * parser, backslashes, schemes and all), so what it means does not rest on string prefixes.
 */
const PAGES = [new URL('https://one.invalid/'), new URL('http://two.invalid/a/b?c#d')] as const;

/**
 * Where a link leads: 'path', a page of this site, the same one from any page ("/board/…");
 * 'relative', this site but depending on the page ("#top", "?page=2"); 'web', an http(s)
 * address of its own; 'mail', a mailto: address; null for anything else: another host in
 * disguise ("//host", "/\host", "https:host"), another scheme (javascript:, data:), a control
 * character inside (browsers drop tabs and newlines, so "/\t/host" is "//host"), nothing at all.
 */
export function linkKind(raw: string): 'path' | 'relative' | 'web' | 'mail' | null {
  const href = raw.replace(EDGES, '');
  if (!href || CONTROL.test(href)) return null;
  let one: URL, two: URL;
  try {
    [one, two] = PAGES.map((page) => new URL(href, page)) as [URL, URL];
  } catch {
    return null;
  }
  if (one.href === two.href) return /^https?:$/.test(one.protocol) ? 'web' : one.protocol === 'mailto:' ? 'mail' : null;
  if (one.origin !== PAGES[0].origin || two.origin !== PAGES[1].origin) return null;
  return one.pathname === two.pathname && one.search === two.search && one.hash === two.hash ? 'path' : 'relative';
}

/** A link an administrator sets (menu program, footer, logo): a path of this site or an http(s) address. */
export function isSiteOrWebLink(raw: string): boolean {
  const kind = linkKind(raw);
  return kind === 'path' || kind === 'web';
}

/**
 * The href to keep for a member's link, or null to drop it: http, https and mailto addresses and
 * links that stay on this site (linkKind). A page-relative link with a colon before its first
 * slash goes too: some readers of our pages (feed readers, mail) would take it for a scheme.
 */
export function safeHref(raw: string): string | null {
  const href = raw.replace(EDGES, '');
  const kind = linkKind(href);
  if (kind === null || (kind === 'relative' && /^[^/?#]*:/.test(href))) return null;
  return href;
}

/** Links that leave the site open in a new tab without handing it our window. */
export function isExternal(href: string): boolean {
  const kind = linkKind(href);
  return kind === 'web' || kind === 'mail';
}

const FILE_REF = /^file(\d{1,2})$/;

/** The index n of a "fileN" reference (docs/product/boards.md#content), or null. */
export function fileRefIndex(src: string): number | null {
  const m = FILE_REF.exec(src);
  return m ? Number(m[1]) : null;
}

/**
 * The src to keep for an image, or null: our own download path, an https address, or a fileN
 * reference that the renderer later swaps for a download path. Never data:, never http (mixed
 * content), never another path of our site (an image request to /api/... with the member's cookie).
 */
export function safeImageSrc(raw: string): string | null {
  const src = raw.replace(EDGES, '');
  if (!src || CONTROL.test(src) || /[\\\s"'<>`]/.test(src)) return null;
  if (fileRefIndex(src) !== null) return src;
  if (src.startsWith(FILE_DOWN_PREFIX)) {
    const rest = src.slice(FILE_DOWN_PREFIX.length);
    return rest && !rest.includes('..') && !rest.includes('//') ? src : null;
  }
  if (/^https:\/\/[^/?#]/i.test(src)) return URL.canParse(src) ? src : null;
  return null;
}

/**
 * The download path of an uploaded file (/api/file/down/{a}/{b}, docs/api.md#files): a is the file key
 * from /api/file/upload, b the name the browser saves it under (the files module serves the file
 * for any name but "thumb"). A slash inside a part is written as three hyphens (docs/product/site.md#formats).
 */
export function fileDownloadUrl(fileKey: string, name = 'file'): string {
  return FILE_DOWN_PREFIX + pathPart(fileKey) + '/' + pathPart(name === 'thumb' ? 'file' : name);
}

// The video site's embed address (docs/product/boards.md#content). Watch and short links are only links.
const EMBED = /^https?:\/\/(?:www\.)?youtube(?:-nocookie)?\.com\/embed\/([A-Za-z0-9_-]{11})(?:[?#][^\s"'<>`\\]*)?$/i;

/** The 11-character video id of an embed address, or null for anything else. */
export function embedVideoId(url: string): string | null {
  return EMBED.exec(url.replace(EDGES, ''))?.[1] ?? null;
}

/** The one form of player address we write: no cookies until the member presses play. */
export function embedSrc(videoId: string): string {
  return `https://www.youtube-nocookie.com/embed/${videoId}`;
}

/** The embedded player with its fixed attribute set; width comes from the content-video class. */
export function playerHtml(videoId: string): string {
  return `<iframe class="content-video" src="${embedSrc(videoId)}" allowfullscreen></iframe>`;
}
