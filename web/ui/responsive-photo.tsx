// A stored photo drawn from the sizes the server keeps (thumb 400, medium 1280, full 2560 px on
// the longest side, each fitted inside its box): a srcset the browser picks from by `sizes`,
// width and height so nothing shifts while it loads, and on screens narrower than the menu
// breakpoint a source without the full file, so a phone never downloads the 2560 px photo.
import type { ImgHTMLAttributes } from 'react';

export interface PhotoSizes {
  thumbUrl: string;
  mediumUrl: string | null;
  url: string;
  width: number;
  height: number;
}

export const THUMB_SIDE = 400;
export const MEDIUM_SIDE = 1280;
/** Below this width the full file is left out of the choice (the menu breakpoint, 960 px). */
export const PHONE_QUERY = '(max-width: 959px)';

export interface Candidate {
  src: string;
  width: number;
  height: number;
}

/** The width and height of a size fitted inside a `side` × `side` box, never enlarged. */
export function fitted(photo: Pick<PhotoSizes, 'width' | 'height'>, side: number): { width: number; height: number } {
  const scale = Math.min(1, side / Math.max(photo.width, photo.height, 1));
  return { width: Math.max(1, Math.round(photo.width * scale)), height: Math.max(1, Math.round(photo.height * scale)) };
}

/** The stored sizes, smallest first; a size no wider than the one before it is left out. */
export function candidates(photo: PhotoSizes, { full = true }: { full?: boolean } = {}): Candidate[] {
  const list: Candidate[] = [{ src: photo.thumbUrl, ...fitted(photo, THUMB_SIDE) }];
  if (photo.mediumUrl) list.push({ src: photo.mediumUrl, ...fitted(photo, MEDIUM_SIDE) });
  if (full || list.length === 1) list.push({ src: photo.url, width: photo.width, height: photo.height });
  return list.filter((c, i) => i === 0 || c.width > list[i - 1]!.width);
}

export const srcSetOf = (list: Candidate[]) => list.map((c) => `${c.src} ${c.width}w`).join(', ');

export interface ResponsivePhotoProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'width' | 'height'> {
  photo: PhotoSizes;
  alt: string;
  /** How wide the photo is drawn, as the `sizes` attribute says it. */
  sizes: string;
  /** Below the fold: load when scrolled near (the default); the first photo of a page: 'eager'. */
  loading?: 'lazy' | 'eager';
}

export function ResponsivePhoto({ photo, alt, sizes, loading = 'lazy', ...rest }: ResponsivePhotoProps) {
  const all = candidates(photo);
  const phone = candidates(photo, { full: false });
  const fallback = photo.mediumUrl ?? photo.url;
  return (
    <picture>
      {phone.length < all.length && <source media={PHONE_QUERY} srcSet={srcSetOf(phone)} sizes={sizes} />}
      <img src={fallback} srcSet={srcSetOf(all)} sizes={sizes} width={photo.width} height={photo.height} alt={alt} loading={loading} decoding="async" {...rest} />
    </picture>
  );
}
