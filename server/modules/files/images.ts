// Image work for uploads: the EXIF summary (read before re-encoding, never GPS), a bounded WebP
// copy with every piece of metadata stripped, and a thumbnail.
import exifr from 'exifr';
import type { Metadata } from 'sharp';
import type { UploadResult } from '../../../common/api/boards.js';
import { badRequest, HttpError } from '../../lib/errors.js';
import { loadSharp } from '../../lib/sharp.js';

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
  exif: ExifSummary | null;
  exifRaw: ExifRaw | null;
}

/**
 * Re-encodes an uploaded image: turned upright by its EXIF orientation, bounded to MAX_SIDE,
 * WebP, with no metadata at all (EXIF, GPS, XMP, ICC; colours converted to sRGB). Animated
 * GIF and WebP keep their first frame. Anything hidden after or inside the original is gone.
 */
export async function processImage(data: Buffer, maxPixels: number): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    // Only the header is read here, so sharp's own pixel limit (about 268 MP) is lifted: past it
    // sharp refuses before our own limit below can name the allowed size.
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw badRequest(IMAGE_MSG.broken, 'bad_image');
  }
  if (!meta.width || !meta.height) throw badRequest(IMAGE_MSG.broken, 'bad_image');
  if (meta.width * meta.height > maxPixels) {
    throw new HttpError(413, 'too_many_pixels', IMAGE_MSG.pixels(Math.floor(maxPixels / 1_000_000)));
  }
  const { summary: exif, raw: exifRaw } = await readExif(data);
  try {
    const base = sharp(data, { limitInputPixels: maxPixels, failOn: 'error', animated: false }).rotate();
    const [full, thumb, medium] = await Promise.all([
      base
        .clone()
        .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: QUALITY })
        .toBuffer({ resolveWithObject: true }),
      base
        .clone()
        .resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: THUMB_QUALITY })
        .toBuffer(),
      base
        .clone()
        .resize({ width: MEDIUM_SIDE, height: MEDIUM_SIDE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: QUALITY })
        .toBuffer(),
    ]);
    return { data: full.data, width: full.info.width, height: full.info.height, thumb, medium, exif, exifRaw };
  } catch {
    throw badRequest(IMAGE_MSG.broken, 'bad_image');
  }
}
