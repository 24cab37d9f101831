// The photos of the gallery form in their order (@dnd-kit/sortable): drag a photo by its handle
// with a pointer or touch, or with the keyboard (Space on the handle, arrows, Space to drop);
// every photo also has 앞으로 / 뒤로 / 빼기 buttons and a caption box. Moves are read out.
import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, TouchSensor, useSensor, useSensors, type Announcements } from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useState } from 'react';
import { LiteButton } from '../../ui/lite-button';
import { useSortableItem } from '../../ui/sortable';
import { koGallery } from './texts';

const f = koGallery.form;

export interface DraftPhoto {
  fileKey: string;
  thumbUrl: string;
  caption: string;
}

export interface PhotoSorterProps {
  photos: DraftPhoto[];
  onChange: (photos: DraftPhoto[]) => void;
  idPrefix: string;
}

export function PhotoSorter({ photos, onChange, idPrefix }: PhotoSorterProps) {
  const [said, setSaid] = useState('');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const position = (fileKey: string | number) => String(photos.findIndex((p) => p.fileKey === fileKey) + 1);

  const move = (from: number, to: number, focusId?: string) => {
    if (to < 0 || to >= photos.length || from === to) return;
    onChange(arrayMove(photos, from, to));
    setSaid(f.moved(from + 1, to + 1));
    if (focusId)
      requestAnimationFrame(() => {
        const el = document.getElementById(focusId) as HTMLButtonElement | null;
        (el && !el.disabled ? el : document.getElementById(`${idPrefix}-${photos[from]!.fileKey}-handle`))?.focus();
      });
  };

  const remove = (index: number) => {
    onChange(photos.filter((_, i) => i !== index));
    setSaid(f.removed(index + 1));
    requestAnimationFrame(() => {
      const next = photos[index + 1] ?? photos[index - 1];
      document.getElementById(next ? `${idPrefix}-${next.fileKey}-handle` : `${idPrefix}-pick`)?.focus();
    });
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = photos.findIndex((p) => p.fileKey === active.id);
    const to = photos.findIndex((p) => p.fileKey === over.id);
    if (from >= 0 && to >= 0) move(from, to);
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => f.dnd.start(position(active.id)),
    onDragOver: ({ active, over }) => (over ? f.dnd.over(position(active.id), position(over.id)) : undefined),
    onDragEnd: ({ active }) => f.dnd.end(position(active.id)),
    onDragCancel: ({ active }) => f.dnd.cancel(position(active.id)),
  };

  return (
    <>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions: { draggable: f.dnd.instructions } }}>
        <SortableContext items={photos.map((p) => p.fileKey)} strategy={rectSortingStrategy}>
          <ol className="photo-sorter" aria-label={f.listLabel}>
            {photos.map((p, i) => (
              <SortablePhoto
                key={p.fileKey}
                photo={p}
                index={i}
                count={photos.length}
                idPrefix={idPrefix}
                onCaption={(caption) => onChange(photos.map((x, j) => (j === i ? { ...x, caption } : x)))}
                onMove={(to, focusId) => move(i, to, focusId)}
                onRemove={() => remove(i)}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <p className="visually-hidden" role="status" aria-live="polite">
        {said}
      </p>
    </>
  );
}

function SortablePhoto({
  photo,
  index,
  count,
  idPrefix,
  onCaption,
  onMove,
  onRemove,
}: {
  photo: DraftPhoto;
  index: number;
  count: number;
  idPrefix: string;
  onCaption: (caption: string) => void;
  onMove: (to: number, focusId: string) => void;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortableItem(photo.fileKey);
  const n = index + 1;
  const base = `${idPrefix}-${photo.fileKey}`;
  return (
    <li ref={setNodeRef} style={{ transform: CSS.Translate.toString(transform), transition }} className={isDragging ? 'sorter-photo is-dragging' : 'sorter-photo'} data-file-key={photo.fileKey}>
      <div className="sorter-photo-top">
        <button id={`${base}-handle`} type="button" className="sorter-handle" ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={f.drag(n)}>
          <img src={photo.thumbUrl} alt="" width={160} height={120} draggable={false} />
          <span className="sorter-number" aria-hidden="true">
            {n}
          </span>
          {index === 0 && <span className="sorter-cover">{f.cover}</span>}
        </button>
      </div>
      <label className="visually-hidden" htmlFor={`${base}-caption`}>
        {f.caption(n)}
      </label>
      <input id={`${base}-caption`} className="p-inputtext p-component sorter-caption" value={photo.caption} maxLength={200} placeholder={f.captionPlaceholder} onChange={(e) => onCaption(e.target.value)} />
      <div className="sorter-buttons">
        <LiteButton id={`${base}-up`} icon="pi pi-arrow-left" label={f.up(n)} text small className="icon-only" disabled={index === 0} onClick={() => onMove(index - 1, `${base}-up`)} title={f.up(n)} />
        <LiteButton id={`${base}-down`} icon="pi pi-arrow-right" label={f.down(n)} text small className="icon-only" disabled={index === count - 1} onClick={() => onMove(index + 1, `${base}-down`)} title={f.down(n)} />
        <LiteButton icon="pi pi-times" label={f.remove(n)} text small className="icon-only p-button-danger" onClick={onRemove} title={f.remove(n)} />
      </div>
    </li>
  );
}
