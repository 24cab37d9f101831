// Which addresses content may point at. Used by the server's sanitiser (links and images a
// member wrote) and by the renderer (links it makes from text and tokens), so both sides agree.
import { encodeSlashes } from '../format.js';

/** SPEC §7: images in content are downloaded from here. */
export const FILE_DOWN_PREFIX = '/api/file/down/';

/** A path part for our own routes: slashes become three hyphens (SPEC §9), the rest is encoded. */
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
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const LINK_SCHEMES = new Set(['http', 'https', 'mailto']);

/**
 * The href to keep for a member's link, or null to drop it: http, https and mailto addresses and
 * relative paths of this site. Protocol-relative ("//host") and backslash forms are refused,
 * because browsers read "/\host" as another host.
 */
export function safeHref(raw: string): string | null {
  const href = raw.replace(EDGES, '');
  if (!href || CONTROL.test(href) || href.includes('\\')) return null;
  const scheme = SCHEME.exec(href)?.[1];
  if (scheme) return LINK_SCHEMES.has(scheme.toLowerCase()) ? href : null;
  // No scheme: a colon before the first slash would make some parsers see one.
  if (href.startsWith('//') || /^[^/?#]*:/.test(href)) return null;
  return href;
}

/** Links that leave the site open in a new tab without handing it our window. */
export function isExternal(href: string): boolean {
  return /^(https?|mailto):/i.test(href);
}

const FILE_REF = /^file(\d{1,2})$/;

/** The index n of a "fileN" reference (SPEC §3), or null. */
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
 * The download path of an uploaded file (SPEC §7: /api/file/down/{a}/{b}): a is the file key
 * from /api/file/upload, b the name the browser saves it under (the files module serves the file
 * for any name but "thumb"). A slash inside a part is written as three hyphens (SPEC §9).
 */
export function fileDownloadUrl(fileKey: string, name = 'file'): string {
  return FILE_DOWN_PREFIX + pathPart(fileKey) + '/' + pathPart(name === 'thumb' ? 'file' : name);
}

// The video site's embed address (SPEC §5). Watch and short links are only links.
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
