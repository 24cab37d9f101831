// The owner's form for a new or edited gallery item: title, description, and the photos — dropped
// onto the drop zone or picked (several at once), each uploading with its own progress bar — in
// the order they will show, with captions, drag or 앞으로/뒤로 to reorder and 빼기 to remove.
// Checked with the contract's schema first (the first failure as a toast, marked at its field).
import { useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { GallerySave } from '../../../common/api/gallery';
import { isPhotoFile, uploadFile } from '../../api/file-upload';
import { Field, FieldError } from '../../ui/field';
import { LiteButton } from '../../ui/lite-button';
import { toast } from '../../ui/toast-store';
import { useFieldErrors } from '../../ui/use-field-errors';
import { useSaveGallery } from './api/gallery-save';
import { useSpamProof } from '../../ui/spam-proof';
import { PhotoSorter, type DraftPhoto } from './photo-sorter';
import { koGallery } from './texts';

const f = koGallery.form;
const MAX_PHOTOS = 30;

export interface GalleryDraft {
  galleryKey?: number;
  title: string;
  description: string;
  photos: DraftPhoto[];
}

interface Upload {
  id: number;
  name: string;
  percent: number;
}

let uploadSeq = 0;

export function GalleryForm({ draft, onSaved, onCancel }: { draft: GalleryDraft; onSaved: (galleryKey: number) => void; onCancel: () => void }) {
  const id = `gf-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [title, setTitle] = useState(draft.title);
  const [description, setDescription] = useState(draft.description);
  const [photos, setPhotos] = useState<DraftPhoto[]>(draft.photos);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [over, setOver] = useState(false);
  const depth = useRef(0);
  const picker = useRef<HTMLInputElement>(null);
  const save = useSaveGallery();
  // A new member's new item carries a solved challenge, as a new post does (none asked for an edit).
  const spam = useSpamProof('post', !draft.galleryKey);
  const [sending, setSending] = useState(false);
  const fe = useFieldErrors({ title: `${id}-title`, description: `${id}-description`, photos: `${id}-pick` });

  const addFiles = async (list: File[]) => {
    const images = list.filter((file) => {
      if (isPhotoFile(file)) return true;
      toast.info(f.notImage(file.name));
      return false;
    });
    if (images.length === 0) return;
    fe.clear('photos');
    if (photos.length + uploads.length + images.length > MAX_PHOTOS) toast.info(f.tooMany);
    const room = Math.max(0, MAX_PHOTOS - photos.length - uploads.length);
    const queue = images.slice(0, room).map((file) => ({ file, id: ++uploadSeq }));
    setUploads((u) => [...u, ...queue.map((q) => ({ id: q.id, name: q.file.name, percent: 0 }))]);
    // One at a time, in the order given, so the photos land in that order.
    for (const { file, id: uid } of queue) {
      try {
        const result = await uploadFile(file, (percent) => setUploads((u) => u.map((x) => (x.id === uid ? { ...x, percent } : x))), true);
        setPhotos((p) => [...p, { fileKey: result.fileKey, thumbUrl: result.thumbUrl ?? result.url, caption: '' }]);
      } catch {
        // The call helper has shown why.
      } finally {
        setUploads((u) => u.filter((x) => x.id !== uid));
      }
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    depth.current = 0;
    setOver(false);
    const list = Array.from(e.dataTransfer.files);
    if (list.length) void addFiles(list);
  };
  const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer.types).includes('Files');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending || sending) return;
    if (uploads.length > 0) return void toast.info(f.uploadWait);
    const input = {
      ...(draft.galleryKey ? { galleryKey: draft.galleryKey } : {}),
      title,
      description,
      photos: photos.map((p) => ({ fileKey: p.fileKey, caption: p.caption })),
    };
    const data = fe.check(GallerySave, input);
    if (!data) return;
    setSending(true);
    const proof = await spam.headers();
    setSending(false);
    if (!proof) return;
    save.mutate({ ...data, proof }, {
      onSettled: () => !draft.galleryKey && spam.renew(),
      onSuccess: ({ galleryKey }) => {
        toast.success(f.saved);
        onSaved(galleryKey);
      },
    });
  };

  return (
    <form className="gallery-form" onSubmit={(e) => void submit(e)} noValidate>
      <Field id={`${id}-title`} label={f.title} error={fe.error('title')}>
        <input
          id={`${id}-title`}
          className="p-inputtext p-component"
          value={title}
          maxLength={100}
          autoComplete="off"
          onChange={(e) => {
            setTitle(e.target.value);
            fe.clear('title');
          }}
          {...fe.aria('title')}
        />
      </Field>
      <Field id={`${id}-description`} label={f.description} hint={f.descriptionHint} error={fe.error('description')}>
        <textarea
          id={`${id}-description`}
          className="p-inputtextarea p-inputtext p-component"
          rows={4}
          value={description}
          maxLength={5000}
          onChange={(e) => {
            setDescription(e.target.value);
            fe.clear('description');
          }}
          {...fe.aria('description', `${id}-description-hint`)}
        />
      </Field>

      <fieldset className={fe.error('photos') ? 'gallery-photos-field has-error' : 'gallery-photos-field'}>
        <legend>{f.photos}</legend>
        <div
          className={over ? 'drop-zone is-over' : 'drop-zone'}
          onDragEnter={(e) => {
            if (!hasFiles(e)) return;
            depth.current += 1;
            setOver(true);
          }}
          onDragOver={(e) => {
            if (!hasFiles(e)) return;
            e.preventDefault();
            e.dataTransfer.dropEffect = 'copy';
          }}
          onDragLeave={() => {
            depth.current = Math.max(0, depth.current - 1);
            if (depth.current === 0) setOver(false);
          }}
          onDrop={onDrop}
          data-testid="drop-zone"
        >
          <i className="pi pi-images drop-zone-icon" aria-hidden="true" />
          <p className="drop-zone-text">{over ? f.dropActive : f.drop}</p>
          <LiteButton id={`${id}-pick`} icon="pi pi-upload" label={f.pick} outlined onClick={() => picker.current?.click()} {...fe.aria('photos', `${id}-drop-hint`)} />
          <input
            ref={picker}
            type="file"
            accept="image/*,.heic,.heif"
            multiple
            hidden
            aria-hidden="true"
            tabIndex={-1}
            data-testid="photo-picker"
            onChange={(e) => {
              const list = Array.from(e.target.files ?? []);
              e.target.value = '';
              if (list.length) void addFiles(list);
            }}
          />
          <small id={`${id}-drop-hint`} className="field-hint">
            {f.dropHint}
          </small>
        </div>
        <FieldError id={`${id}-pick`} message={fe.error('photos')} />

        {uploads.length > 0 && (
          <ul className="upload-list" aria-label={f.progress}>
            {uploads.map((u) => (
              <li key={u.id}>
                <span className="upload-name">{f.uploading(u.name)}</span>
                <progress max={100} value={u.percent} aria-label={f.uploading(u.name)} />
                <span className="upload-percent">{u.percent}%</span>
              </li>
            ))}
          </ul>
        )}

        {photos.length > 0 && <PhotoSorter photos={photos} onChange={setPhotos} idPrefix={id} />}
      </fieldset>

      {spam.element}
      <div className="gallery-form-actions">
        <LiteButton label={f.cancel} outlined onClick={onCancel} />
        <LiteButton type="submit" icon="pi pi-check" label={f.save} loading={save.isPending || sending} />
      </div>
    </form>
  );
}
