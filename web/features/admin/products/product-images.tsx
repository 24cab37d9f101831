// A product's pictures: uploaded through the site's file pipeline (/api/file/upload), shown as
// thumbnails, moved and removed with buttons. The keys are saved with the product, in this order.
import { Button } from 'primereact/button';
import { useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { koAdminProduct } from './texts';
import { toast } from '../../../ui/toast-store';
import { focusField } from '../../../ui/use-field-errors';
import type { ProductImageData as ProductImage } from './api/product-detail';
import { uploadFile } from '../../../api/file-upload';
import { movedButtonId, moveItem } from '../shared/move-item';

const t = koAdminProduct;
export const MAX_IMAGES = 12;

export interface ProductImagesProps {
  id: string;
  images: ProductImage[];
  onChange: Dispatch<SetStateAction<ProductImage[]>>;
  describedBy?: string;
  invalid?: boolean;
}

export function ProductImages({ id, images, onChange, describedBy, invalid }: ProductImagesProps) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const pick = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    setBusy(true);
    try {
      for (const file of [...files].slice(0, MAX_IMAGES - images.length)) {
        try {
          const stored = await uploadFile(file);
          if (!stored.image) {
            toast.info(t.imageNotPicture);
            continue;
          }
          const image = { fileKey: stored.fileKey, url: stored.url, thumbUrl: stored.thumbUrl };
          // Uploads finish one after another: each adds to the list as it is by then.
          onChange((list) => [...list, image].slice(0, MAX_IMAGES));
        } catch {
          // The upload helper has shown why; the next file may still go.
        }
      }
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const move = (index: number, to: number, button: 'left' | 'right') => {
    onChange(moveItem(images, index, to));
    focusField(movedButtonId(id, to, images.length, button, ['left', 'right']));
  };
  const remove = (index: number) => {
    onChange(images.filter((_, i) => i !== index));
    focusField(images.length > 1 ? `${id}-${Math.min(index, images.length - 2)}-remove` : `${id}-add`);
  };

  return (
    <div className="product-images" id={id} tabIndex={-1} aria-describedby={describedBy} aria-invalid={invalid || undefined}>
      {images.length === 0 ? (
        <p className="spec-empty">{t.imagesEmpty}</p>
      ) : (
        <ol className="image-list">
          {images.map((img, i) => (
            <li key={img.fileKey} className="image-item">
              <img src={img.thumbUrl ?? img.url} alt={t.imageAlt(i + 1)} width={112} height={84} loading="lazy" />
              <span className="image-buttons">
                <Button type="button" id={`${id}-${i}-left`} icon="pi pi-arrow-left" text rounded size="small" aria-label={t.imageLeft(i + 1)} disabled={i === 0} onClick={() => move(i, i - 1, 'left')} />
                <Button
                  type="button"
                  id={`${id}-${i}-right`}
                  icon="pi pi-arrow-right"
                  text
                  rounded
                  size="small"
                  aria-label={t.imageRight(i + 1)}
                  disabled={i === images.length - 1}
                  onClick={() => move(i, i + 1, 'right')}
                />
                <Button type="button" id={`${id}-${i}-remove`} icon="pi pi-trash" text rounded size="small" severity="danger" aria-label={t.imageRemove(i + 1)} onClick={() => remove(i)} />
              </span>
            </li>
          ))}
        </ol>
      )}
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif,image/heic,image/heif,.heic,.heif"
        multiple
        hidden
        tabIndex={-1}
        aria-hidden="true"
        data-testid="product-image-input"
        onChange={(e) => void pick(e.target.files)}
      />
      <Button
        type="button"
        id={`${id}-add`}
        icon="pi pi-upload"
        label={busy ? t.imageUploading : t.imageAdd}
        loading={busy}
        outlined
        size="small"
        disabled={images.length >= MAX_IMAGES}
        onClick={() => input.current?.click()}
      />
    </div>
  );
}
