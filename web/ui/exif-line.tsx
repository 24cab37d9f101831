// The line of gear and exposure under a photo drawn large (museum, today's photo, home): body and
// lens (linking to their product pages when the product database knows them, docs/product/products.md), focal
// length, aperture, shutter, ISO and the day it was taken. GPS is never part of it.
import { Link } from 'react-router';
import type { z } from 'zod';
import type { NamedProduct, PhotoExif } from '../../common/api/boards';
import { formatNumber } from '../../common/format';
import { koPhotoInfo } from '../i18n/ko-photos';
import './exif-line.css';
import { productViewPath } from '../shared/paths';

type Named = z.infer<typeof NamedProduct> | null;

export interface ExifPhoto {
  exif: PhotoExif | null;
  cameraProduct?: Named;
  lensProduct?: Named;
}

export interface ExifParts {
  camera: { text: string; productKey: string | null } | null;
  lens: { text: string; productKey: string | null } | null;
  /** Focal length, aperture, shutter and ISO in one line ('' when none). */
  exposure: string;
  /** YYYY-MM-DD ('' when unknown). */
  takenOn: string;
}

const named = (text: string | null, product: Named | undefined) =>
  product ? { text: product.name, productKey: product.key } : text ? { text, productKey: null } : null;

export function exifParts(photo: ExifPhoto): ExifParts | null {
  const e = photo.exif;
  if (!e) return null;
  const exposure = [e.focalLength, e.aperture, e.shutter, e.iso ? `ISO ${formatNumber(e.iso)}` : null].filter(Boolean).join(' · ');
  const parts = { camera: named(e.camera, photo.cameraProduct), lens: named(e.lens, photo.lensProduct), exposure, takenOn: e.takenAt?.slice(0, 10) ?? '' };
  return parts.camera || parts.lens || parts.exposure || parts.takenOn ? parts : null;
}

/** The same line as plain text (a photo's title attribute, a caption without links). */
export function exifText(photo: ExifPhoto): string {
  const p = exifParts(photo);
  if (!p) return '';
  return [p.camera?.text, p.lens?.text, p.exposure, p.takenOn].filter(Boolean).join(' · ');
}

const t = koPhotoInfo;

function Item({ item, icon, label }: { item: ExifParts['camera']; icon: string; label: string }) {
  if (!item) return null;
  return (
    <span className="exif-item">
      <i className={`pi ${icon}`} aria-hidden="true" />
      <span className="visually-hidden">{label}: </span>
      {item.productKey ? (
        <Link to={productViewPath(item.productKey)} className="exif-link">
          {item.text}
        </Link>
      ) : (
        item.text
      )}
    </span>
  );
}

export function ExifLine({ photo, className = '' }: { photo: ExifPhoto; className?: string }) {
  const p = exifParts(photo);
  if (!p) return null;
  return (
    <p className={`exif-line ${className}`.trim()}>
      <span className="visually-hidden">{t.label}: </span>
      <Item item={p.camera} icon="pi-camera" label={t.camera} />
      <Item item={p.lens} icon="pi-circle" label={t.lens} />
      {p.exposure && (
        <span className="exif-item">
          <span className="visually-hidden">{t.exposure}: </span>
          {p.exposure}
        </span>
      )}
      {p.takenOn && (
        <span className="exif-item">
          <i className="pi pi-calendar" aria-hidden="true" />
          <span className="visually-hidden">{t.takenAt}: </span>
          {p.takenOn}
        </span>
      )}
    </p>
  );
}
