// Image work for uploads: the EXIF summary (read before re-encoding, never GPS), a bounded WebP
// copy with every piece of metadata stripped, and a thumbnail. HEIC/HEIF is decoded by heif.ts.
import exifr from 'exifr';
import type { Metadata, Sharp } from 'sharp';
import type { UploadResult } from '../../../common/api/boards.js';
import { badRequest, HttpError } from '../../lib/errors.js';
import { loadSharp } from '../../lib/sharp.js';
import { decodeHeif, HeifRefusal } from './heif.js';
import { fittedSize, type Watermark, watermarkOverlay } from './watermark.js';

export type ExifSummary = NonNullable<UploadResult['exif']>;

/** Longest side of the stored image and of its thumbnail, in pixels. */
export const MAX_SIDE = 2560;
export const THUMB_SIDE = 400;
/** The middle size of a gallery's srcset: a phone's full-screen view never needs the 2560 px file. */
export const MEDIUM_SIDE = 1280;
const QUALITY = 82;
const THUMB_QUALITY = 75;

export const IMAGE_MSG = {
  broken: '사진 파일을 읽을 수 없습니다. 손상되지 않은 파일인지 확인해 주세요.',
  pixels: (mp: number) => `사진의 화소 수가 너무 큽니다. ${mp.toLocaleString('ko-KR')}메가픽셀 이하로 줄여서 올려 주세요.`,
  heifSlow: 'HEIC 사진을 제시간에 변환하지 못했습니다. JPEG로 바꿔서 올려 주세요.',
  heifBusy: 'HEIC 사진을 변환하는 요청이 많습니다. 잠시 후 다시 올려 주세요.',
} as const;

/** Only these tags are read; GPS is switched off and never asked for. LensInfo is LensSpecification (focal range, apertures). */
const PICK = ['Make', 'Model', 'LensMake', 'LensModel', 'LensInfo', 'FocalLength', 'FNumber', 'ExposureTime', 'ISO', 'DateTimeOriginal', 'CreateDate'];

/** The raw names EXIF matching reads (products/exif-match.ts), kept apart from the shown summary. */
export interface ExifRaw {
  make: string | null;
  model: string | null;
  lensMake: string | null;
  lens: string | null;
  lensSpec: { focalMin: number; focalMax: number; aperture: number } | null;
}

/** The shown summary and the raw names, from one read of the file's EXIF. */
export async function readExif(data: Buffer): Promise<{ summary: ExifSummary | null; raw: ExifRaw | null }> {
  const none = { summary: null, raw: null };
  let tags: Record<string, unknown> | undefined;
  try {
    tags = await exifr.parse(data, {
      pick: PICK,
      gps: false,
      interop: false,
      ifd1: false,
      xmp: false,
      icc: false,
      iptc: false,
      jfif: false,
      ihdr: false,
      reviveValues: false,
    });
  } catch {
    return none;
  }
  if (!tags) return none;
  const str = (v: unknown) => (typeof v === 'string' ? exifText(v) : null);
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null);

  const make = str(tags.Make);
  const model = str(tags.Model);
  const camera = model && make && !model.toLowerCase().startsWith(make.toLowerCase().split(' ')[0]!) ? `${make} ${model}` : (model ?? make);
  const lensMake = str(tags.LensMake);
  const lensModel = str(tags.LensModel);
  const lens = lensModel && lensMake && !lensModel.toLowerCase().startsWith(lensMake.toLowerCase()) ? `${lensMake} ${lensModel}` : (lensModel ?? lensMake);
  const focal = num(tags.FocalLength);
  const fNumber = num(tags.FNumber);
  const exposure = num(tags.ExposureTime);
  const iso = num(Array.isArray(tags.ISO) ? tags.ISO[0] : tags.ISO);

  const summary: ExifSummary = {
    camera,
    lens,
    focalLength: focal ? `${trim(focal)}mm` : null,
    aperture: fNumber ? `f/${trim(fNumber)}` : null,
    shutter: exposure ? formatShutter(exposure) : null,
    iso: iso ? Math.round(iso) : null,
    takenAt: exifDate(tags.DateTimeOriginal) ?? exifDate(tags.CreateDate),
  };
  const spec = Array.isArray(tags.LensInfo) ? tags.LensInfo.map(num) : [];
  const raw: ExifRaw = {
    make,
    model,
    lensMake,
    lens: lensModel,
    lensSpec: spec[0] && spec[2] ? { focalMin: spec[0], focalMax: spec[1] ?? spec[0], aperture: spec[2] } : null,
  };
  return { summary: Object.values(summary).some((v) => v !== null) ? summary : null, raw };
}

/** Longest EXIF text kept (make, model, lens make, lens model), in characters. */
export const EXIF_TEXT_MAX = 64;

/**
 * An EXIF text field as stored and shown (always as plain text, never markup): NUL padding
 * dropped, other control, bidi and invisible characters made spaces, spaces collapsed, capped.
 */
export function exifText(raw: string): string | null {
  const s = raw
    .replace(/\0/g, '')
    .replace(/[\p{Cc}\p{Default_Ignorable_Code_Point}]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
  return [...s].slice(0, EXIF_TEXT_MAX).join('').trim() || null;
}

const trim = (n: number) => String(Math.round(n * 10) / 10);

/** 0.004 -> '1/250', 0.3 -> '1/3', 2 -> '2s', 1.5 -> '1.5s'. */
export function formatShutter(seconds: number): string {
  if (seconds >= 1) return `${trim(seconds)}s`;
  return `1/${Math.round(1 / seconds)}`;
}

/** EXIF '2024:05:01 10:20:30' (camera local time) -> '2024-05-01 10:20:30'. */
function exifDate(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const m = /^(\d{4})[:-](\d{2})[:-](\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(v.trim());
  if (!m || m[1] === '0000') return null;
  return `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:${m[6]}`;
}

export interface ProcessedImage {
  data: Buffer;
  width: number;
  height: number;
  thumb: Buffer;
  /** At most MEDIUM_SIDE, WebP, no metadata (the galleries' srcset). */
  medium: Buffer;
  /** With a watermark: the large size without it, for its uploader alone. */
  original: Buffer | null;
  exif: ExifSummary | null;
  exifRaw: ExifRaw | null;
}

/** What a gallery photo's owner chose for it (watermark/settings.ts). */
export interface ImageOptions {
  /** Drawn on the large and medium sizes; the large size without it is kept as `original`. */
  mark?: Watermark | null;
  /** EXIF Artist and Copyright kept in the large and medium sizes: the photo's own, else these. */
  credit?: { artist: string; copyright: string } | null;
}

/** The types sniff.ts calls HEIC/HEIF; libheif decodes them (heif.ts), sharp everything else. */
export const HEIF_MIMES: ReadonlySet<string> = new Set(['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence']);

/**
 * Re-encodes an uploaded image: turned upright by its EXIF orientation, bounded to MAX_SIDE,
 * WebP, with no metadata at all (EXIF, GPS, XMP, ICC; colours converted to sRGB). Animated
 * GIF and WebP keep their first frame. Anything hidden after or inside the original is gone.
 * HEIC/HEIF is decoded to pixels first (libheif turns it upright by the container's own
 * rotation), so it is handled like any other photo from there on. A gallery photo may carry
 * its owner's watermark and, as the only metadata, EXIF Artist and Copyright.
 */
export async function processImage(data: Buffer, maxPixels: number, mime = '', opts: ImageOptions = {}): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  // Read before any conversion: the decoded pixels carry no EXIF.
  const { summary: exif, raw: exifRaw } = await readExif(data);
  let base: Sharp;
  let upright: { width: number; height: number };
  if (HEIF_MIMES.has(mime)) {
    const pixels = await decodeHeif(data, maxPixels).catch((e: unknown) => {
      throw e instanceof HeifRefusal ? heifError(e, maxPixels) : e;
    });
    base = sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: 4 } });
    if (pixels.opaque) base = base.removeAlpha();
    upright = pixels;
  } else {
    let meta: Metadata;
    try {
      // Only the header is read here, so sharp's own pixel limit (about 268 MP) is lifted: past it
      // sharp refuses before our own limit below can name the allowed size.
      meta = await sharp(data, { limitInputPixels: false }).metadata();
    } catch {
      throw badRequest(IMAGE_MSG.broken, 'bad_image');
    }
    if (!meta.width || !meta.height) throw badRequest(IMAGE_MSG.broken, 'bad_image');
    if (meta.width * meta.height > maxPixels) throw tooManyPixels(maxPixels);
    base = sharp(data, { limitInputPixels: maxPixels, failOn: 'error', animated: false }).rotate();
    upright = meta.autoOrient ?? { width: meta.width, height: meta.height };
  }
  const credit = opts.credit ? await creditTags(data, opts.credit) : null;
  const sized = (side: number) => base.clone().resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true });
  /** A served size: the watermark when chosen, and only Artist and Copyright as metadata when chosen. */
  const served = (side: number, mark: Watermark | null | undefined) => {
    let img = sized(side);
    if (mark) {
      const size = fittedSize(upright.width, upright.height, side);
      img = img.composite([watermarkOverlay(mark, size.width, size.height)]);
    }
    if (credit) img = img.withExif(credit);
    return img.webp({ quality: QUALITY });
  };
  try {
    const [full, thumb, medium, original] = await Promise.all([
      served(MAX_SIDE, opts.mark).toBuffer({ resolveWithObject: true }),
      sized(THUMB_SIDE).webp({ quality: THUMB_QUALITY }).toBuffer(),
      served(MEDIUM_SIDE, opts.mark).toBuffer(),
      opts.mark ? served(MAX_SIDE, null).toBuffer() : null,
    ]);
    return { data: full.data, width: full.info.width, height: full.info.height, thumb, medium, original, exif, exifRaw };
  } catch {
    throw badRequest(IMAGE_MSG.broken, 'bad_image');
  }
}

/**
 * EXIF Artist and Copyright for served files: the photo's own when it has them, else the given
 * ones. libvips writes EXIF text as ASCII (anything else would become '?'), so only printable
 * ASCII is kept; a value left empty falls back too.
 */
async function creditTags(data: Buffer, fallback: { artist: string; copyright: string }) {
  let tags: Record<string, unknown> | undefined;
  try {
    tags = await exifr.parse(data, { pick: ['Artist', 'Copyright'], gps: false, interop: false, ifd1: false, xmp: false, icc: false, iptc: false, jfif: false, ihdr: false });
  } catch {
    tags = undefined;
  }
  const own = (v: unknown) => (typeof v === 'string' ? asciiCredit(v) : null);
  const artist = own(tags?.Artist) ?? asciiCredit(fallback.artist) ?? '';
  const copyright = own(tags?.Copyright) ?? asciiCredit(fallback.copyright) ?? '';
  const ifd0: Record<string, string> = {};
  if (artist) ifd0.Artist = artist;
  if (copyright) ifd0.Copyright = copyright;
  return { IFD0: ifd0 };
}

/** Printable ASCII only (compatibility forms folded first), single spaces, at most 64 characters. */
export function asciiCredit(raw: string): string | null {
  const s = raw
    .normalize('NFKC')
    .replace(/[^\x20-\x7e]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, EXIF_TEXT_MAX)
    .trim();
  return s || null;
}

const tooManyPixels = (maxPixels: number) => new HttpError(413, 'too_many_pixels', IMAGE_MSG.pixels(Math.floor(maxPixels / 1_000_000)));

function heifError(e: HeifRefusal, maxPixels: number): HttpError {
  switch (e.reason) {
    case 'pixels':
      return tooManyPixels(maxPixels);
    case 'slow':
      return badRequest(IMAGE_MSG.heifSlow, 'heif_timeout');
    case 'busy':
      return new HttpError(503, 'heif_busy', IMAGE_MSG.heifBusy);
    default:
      return badRequest(IMAGE_MSG.broken, 'bad_image');
  }
}
