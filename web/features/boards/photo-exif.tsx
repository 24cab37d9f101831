// A post's photos with their EXIF summary (body, lens, exposure) under the content; a body or lens
// the product database knows links to its product page (docs/product/products.md: the product is the hub).
import { Link } from 'react-router';
import type { PostFile } from '../../../common/api/boards';
import { formatNumber } from '../../../common/format';
import { productViewPath } from '../../shared/paths';
import '../../ui/exif-line.css';
import { koBoards } from './texts';

const v = koBoards.view;

export interface PhotoExifRow {
  fileKey: string;
  name: string;
  thumbUrl: string | null;
  /** The body: the product's name and key when matched, else the EXIF text; null when unknown. */
  camera: { text: string; productKey: string | null } | null;
  lens: { text: string; productKey: string | null } | null;
  /** Focal length, aperture, shutter and ISO in one line ('' when none). */
  exposure: string;
}

const named = (exifText: string | null, product: PostFile['cameraProduct']) =>
  product ? { text: product.name, productKey: product.key } : exifText ? { text: exifText, productKey: null } : null;

/** The photos that have something to show, in the post's file order. */
export function photoExifRows(files: PostFile[]): PhotoExifRow[] {
  return files.flatMap((f) => {
    const e = f.exif;
    if (!f.image || !e) return [];
    const exposure = [e.focalLength, e.aperture, e.shutter, e.iso ? `ISO ${formatNumber(e.iso)}` : null].filter(Boolean).join(' · ');
    const row = { fileKey: f.fileKey, name: f.name, thumbUrl: f.thumbUrl, camera: named(e.camera, f.cameraProduct), lens: named(e.lens, f.lensProduct), exposure };
    return row.camera || row.lens || exposure ? [row] : [];
  });
}

function Named({ item, icon, label }: { item: PhotoExifRow['camera']; icon: string; label: string }) {
  if (!item) return null;
  return (
    <span className="photo-exif-item">
      <i className={`pi ${icon}`} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
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

export function PhotoExif({ files }: { files: PostFile[] }) {
  const rows = photoExifRows(files);
  if (rows.length === 0) return null;
  return (
    <section className="photo-exif" aria-labelledby="photo-exif-title">
      <h2 id="photo-exif-title">
        <i className="pi pi-camera" aria-hidden="true" /> {v.photoInfo}
      </h2>
      <ul>
        {rows.map((r) => (
          <li key={r.fileKey}>
            {r.thumbUrl && <img src={r.thumbUrl} alt="" width={48} height={48} loading="lazy" />}
            <span className="photo-exif-text">
              <Named item={r.camera} icon="pi-camera" label={v.photoCamera} />
              <Named item={r.lens} icon="pi-circle" label={v.photoLens} />
              {r.exposure && (
                <span className="photo-exif-item">
                  <span className="visually-hidden">{v.photoExposure}</span>
                  {r.exposure}
                </span>
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
