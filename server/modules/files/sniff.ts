// What an upload really is, decided from its bytes (never from its name or the browser's type).
import { fileTypeFromBuffer } from 'file-type';
import { HEIF_MIMES } from './images.js';

export type Sniffed =
  | { kind: 'image'; mime: string; ext: string }
  | { kind: 'file'; mime: string; ext: string }
  | { kind: 'refused'; message: string };

export const MSG = {
  markup: 'SVG, HTML, XML 파일은 올릴 수 없습니다.',
  type: '올릴 수 없는 파일 형식입니다. 사진(JPEG, PNG, WebP, GIF, AVIF, HEIC)과 PDF, ZIP, 텍스트 파일만 올릴 수 있습니다.',
  empty: '빈 파일은 올릴 수 없습니다.',
} as const;

/** Images: sharp decodes these, except HEIC/HEIF (HEVC is not in its prebuilt libvips), which heif.ts decodes. */
const IMAGES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif', ...HEIF_MIMES]);
/** Attachments kept as they are. */
const FILES = new Set(['application/pdf', 'application/zip']);

/** Looked at for text files; markup anywhere in here is refused. */
const TEXT_WINDOW = 64 * 1024;
const MARKUP_START = /^\s*<[!?a-z]/i;
const MARKUP = /<\s*(?:\?xml|!doctype|html|head|body|script|svg|iframe|frame|object|embed|meta|link|style|img|a\s|math|xsl|base|form)\b/i;

export async function sniff(data: Buffer): Promise<Sniffed> {
  if (data.length === 0) return { kind: 'refused', message: MSG.empty };
  const detected = await fileTypeFromBuffer(data);
  if (detected) {
    if (IMAGES.has(detected.mime)) return { kind: 'image', mime: detected.mime, ext: detected.ext };
    if (FILES.has(detected.mime)) return { kind: 'file', mime: detected.mime, ext: detected.ext };
    if (/xml|html|svg/.test(detected.mime)) return { kind: 'refused', message: MSG.markup };
    return { kind: 'refused', message: MSG.type };
  }
  return sniffText(data);
}

/** Plain text (any encoding without NUL or stray control bytes), unless it is markup. */
function sniffText(data: Buffer): Sniffed {
  const head = data.subarray(0, TEXT_WINDOW);
  for (const byte of head) {
    // Tab, line feed, form feed, carriage return and escape are fine; other controls mean binary.
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d && byte !== 0x1b) {
      return { kind: 'refused', message: MSG.type };
    }
  }
  // latin1 keeps every byte, so a tag is found whatever the text's encoding (UTF-8, EUC-KR …).
  const text = head.toString('latin1');
  if (MARKUP_START.test(text.replace(/^\xEF\xBB\xBF/, '')) || MARKUP.test(text)) {
    return { kind: 'refused', message: MSG.markup };
  }
  // UTF-16 text would have NUL bytes and was refused above.
  return { kind: 'file', mime: 'text/plain', ext: 'txt' };
}
