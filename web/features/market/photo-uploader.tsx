// An item's photos in the write form: pick several (or drop them on the editor), each uploaded
// with a progress bar through the upload helper; move earlier/later with buttons (the first is
// the cover of the card), remove.
import { useRef } from 'react';
import { LiteButton } from '../../ui/lite-button';
import { koMarket } from './texts';

const e = koMarket.editor;

export interface Photo {
  fileKey: string;
  name: string;
  url: string;
  thumbUrl: string | null;
}

export interface Upload {
  id: number;
  name: string;
  percent: number;
}

export interface PhotoUploaderProps {
  photos: Photo[];
  uploads: Upload[];
  onPick: (files: File[]) => void;
  onChange: (photos: Photo[]) => void;
  aria?: { 'aria-invalid'?: boolean; 'aria-describedby'?: string };
}

export function PhotoUploader({ photos, uploads, onPick, onChange, aria }: PhotoUploaderProps) {
  const input = useRef<HTMLInputElement>(null);
  const move = (i: number, by: number) => {
    const next = [...photos];
    const [p] = next.splice(i, 1);
    next.splice(i + by, 0, p!);
    onChange(next);
    // Keep the keyboard on the moved photo's same button.
    requestAnimationFrame(() => document.getElementById(`photo-${p!.fileKey}-${by < 0 ? 'up' : 'down'}`)?.focus());
  };
  return (
    <div className="photo-uploader">
      <input
        ref={input}
        id="market-photo-input"
        type="file"
        accept="image/*,.heic,.heif"
        multiple
        hidden
        onChange={(ev) => {
          const list = Array.from(ev.target.files ?? []);
          ev.target.value = '';
          if (list.length) onPick(list);
        }}
      />
      <LiteButton id="market-photos" outlined icon="pi pi-images" label={e.addPhotos} onClick={() => input.current?.click()} {...aria} />
      {uploads.length > 0 && (
        <ul className="upload-list" aria-label={e.progress}>
          {uploads.map((u) => (
            <li key={u.id}>
              <span className="upload-name">{e.uploading(u.name)}</span>
              <progress max={100} value={u.percent} aria-label={e.uploading(u.name)} />
              <span className="upload-percent">{u.percent}%</span>
            </li>
          ))}
        </ul>
      )}
      {photos.length === 0 ? (
        <p className="photos-empty">{e.noPhotos}</p>
      ) : (
        <ol className="photo-list">
          {photos.map((p, i) => (
            <li key={p.fileKey}>
              <img src={p.thumbUrl ?? p.url} alt={e.photoAlt(i + 1)} />
              <span className="photo-buttons">
                <button id={`photo-${p.fileKey}-up`} type="button" className="p-button p-component p-button-text p-button-sm" aria-label={e.moveUp(i + 1)} disabled={i === 0} onClick={() => move(i, -1)}>
                  <span className="p-button-icon pi pi-arrow-left" aria-hidden="true" />
                </button>
                <button
                  id={`photo-${p.fileKey}-down`}
                  type="button"
                  className="p-button p-component p-button-text p-button-sm"
                  aria-label={e.moveDown(i + 1)}
                  disabled={i === photos.length - 1}
                  onClick={() => move(i, 1)}
                >
                  <span className="p-button-icon pi pi-arrow-right" aria-hidden="true" />
                </button>
                <button type="button" className="p-button p-component p-button-text p-button-danger p-button-sm" aria-label={e.removePhoto(i + 1)} onClick={() => onChange(photos.filter((x) => x.fileKey !== p.fileKey))}>
                  <span className="p-button-icon pi pi-times" aria-hidden="true" />
                </button>
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
