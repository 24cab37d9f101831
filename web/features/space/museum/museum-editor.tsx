// "전시 편집": the owner picks exhibits from their gallery, writes a note for each and sets the
// order, by dragging the handle (pointer, touch, or Space and the arrow keys) or with the 앞으로 /
// 뒤로 buttons; the result is read out in a live region. Saving sends the whole list in order
// (/api/museum/save). Loaded only when the owner opens it.
import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, TouchSensor, useSensor, useSensors, type Announcements } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { MuseumSave } from '../../../../common/api/gallery';
import { formatNumber } from '../../../../common/format';
import { ApiError } from '../../../api/call';
import { confirm } from '../../../ui/confirm';
import { FieldError } from '../../../ui/field';
import { checkForm } from '../../../ui/form-check';
import { LiteButton } from '../../../ui/lite-button';
import { useSortableItem } from '../../../ui/sortable';
import type { PhotoSizes } from '../../../ui/responsive-photo';
import { toast } from '../../../ui/toast-store';
import { focusField } from '../../../ui/use-field-errors';
import { useMuseumSave } from './api/museum-save';
import { useMuseumShow } from './api/museum-show';
import { ExhibitPicker } from './exhibit-picker';
import { moveItem } from './order';
import { koMuseum } from './texts';

const t = koMuseum.editor;
export const MAX_EXHIBITS = 100;
const NOTE_MAX = 500;

export interface EditExhibit {
  galleryKey: number;
  title: string;
  cover: PhotoSizes;
  note: string;
}

export default function MuseumEditor({ userId, onClose }: { userId: string; onClose: () => void }) {
  const show = useMuseumShow(userId);
  if (show.isPending) return <p className="list-state museum-state">{t.loading}</p>;
  if (show.isError) {
    return (
      <p className="list-state museum-state" role="alert">
        <i className="pi pi-exclamation-circle" aria-hidden="true" /> {koMuseum.loadFailed}{' '}
        <button type="button" className="link-button" onClick={() => void show.refetch()}>
          {koMuseum.retry}
        </button>
      </p>
    );
  }
  const initial = show.data.exhibits.map((e) => ({ galleryKey: e.galleryKey, title: e.title, cover: e.cover, note: e.note }));
  return <EditorForm userId={userId} initial={initial} onClose={onClose} />;
}

const same = (a: EditExhibit[], b: EditExhibit[]) => a.length === b.length && a.every((x, i) => x.galleryKey === b[i]!.galleryKey && x.note === b[i]!.note);

function EditorForm({ userId, initial, onClose }: { userId: string; initial: EditExhibit[]; onClose: () => void }) {
  const base = useId();
  const [items, setItems] = useState(initial);
  const [said, setSaid] = useState('');
  const [noteError, setNoteError] = useState<{ galleryKey: number; message: string } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const save = useMuseumSave();
  const noteId = (key: number) => `${base}-note-${key}`;

  // Opening the editor moves focus into it (decision 17: focus goes where the member works next).
  useEffect(() => headingRef.current?.focus(), []);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const titleOf = (key: string | number) => items.find((e) => e.galleryKey === Number(key))?.title ?? '';
  const announcements: Announcements = {
    onDragStart: ({ active }) => t.dnd.start(titleOf(active.id)),
    onDragOver: ({ active, over }) => (over && over.id !== active.id ? t.dnd.over(titleOf(active.id), titleOf(over.id)) : undefined),
    onDragEnd: ({ active }) => t.dnd.end(titleOf(active.id)),
    onDragCancel: ({ active }) => t.dnd.cancel(titleOf(active.id)),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((e) => e.galleryKey === Number(active.id));
    const to = items.findIndex((e) => e.galleryKey === Number(over.id));
    if (from < 0 || to < 0) return;
    const next = arrayMove(items, from, to);
    setItems(next);
    setSaid(t.moved(titleOf(active.id), to + 1, next.length));
  };

  /** A move by button keeps focus on the same button of the moved row (or its handle at an end). */
  const move = (key: number, by: -1 | 1) => {
    const next = moveItem(items, key, by);
    if (!next) return;
    setItems(next);
    const at = next.findIndex((e) => e.galleryKey === key);
    setSaid(t.moved(titleOf(key), at + 1, next.length));
    const kind = by < 0 ? 'up' : 'down';
    requestAnimationFrame(() => {
      const el = document.getElementById(`${base}-${kind}-${key}`) as HTMLButtonElement | null;
      (el && !el.disabled ? el : document.getElementById(`${base}-handle-${key}`))?.focus();
    });
  };

  const remove = (key: number) => {
    const at = items.findIndex((e) => e.galleryKey === key);
    const next = items.filter((e) => e.galleryKey !== key);
    setSaid(t.removed(titleOf(key)));
    setItems(next);
    // Focus the row that took its place, or the list's heading when it was the last.
    const neighbour = next[Math.min(at, next.length - 1)];
    requestAnimationFrame(() => (neighbour ? document.getElementById(`${base}-handle-${neighbour.galleryKey}`) : headingRef.current)?.focus());
  };

  const add = (e: EditExhibit) => {
    if (items.some((x) => x.galleryKey === e.galleryKey)) return;
    if (items.length >= MAX_EXHIBITS) return toast.info(t.full);
    setItems([...items, e]);
    setSaid(t.addedSaid(e.title));
  };

  const setNote = (key: number, note: string) => {
    setItems((list) => list.map((e) => (e.galleryKey === key ? { ...e, note } : e)));
    if (noteError?.galleryKey === key) setNoteError(null);
  };

  const markNote = (index: number | null, message: string) => {
    toast.info(message);
    const target = index === null ? undefined : items[index];
    if (!target) return;
    setNoteError({ galleryKey: target.galleryKey, message });
    focusField(noteId(target.galleryKey));
  };

  const close = () => {
    if (same(items, initial)) return onClose();
    confirm({ message: t.discard, defaultFocus: 'reject', accept: onClose });
  };

  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const checked = checkForm(MuseumSave, { exhibits: items.map((e) => ({ galleryKey: e.galleryKey, note: e.note })) });
    if (!checked.ok) {
      const firstBad = items.findIndex((e) => e.note.trim().length > NOTE_MAX);
      return markNote(firstBad >= 0 ? firstBad : null, checked.message);
    }
    save.mutate(checked.data, {
      onSuccess: () => {
        toast.success(t.saved);
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.forwarded) return;
        const firstBad = error.message.startsWith('작품 설명') ? items.findIndex((e) => e.note.trim().length > NOTE_MAX) : -1;
        markNote(firstBad >= 0 ? firstBad : null, error.message);
      },
    });
  };

  return (
    <form className="museum-editor" aria-labelledby={`${base}-title`} onSubmit={submit} noValidate>
      <h3 id={`${base}-title`} ref={headingRef} tabIndex={-1}>
        <i className="pi pi-pencil" aria-hidden="true" /> {t.title}
      </h3>
      <p className="museum-editor-lead">{t.lead}</p>

      <h4 id={`${base}-chosen`} className="museum-editor-sub">
        {t.chosenLabel} <span className="museum-editor-count">{t.chosen(formatNumber(items.length), formatNumber(MAX_EXHIBITS))}</span>
      </h4>
      {items.length === 0 ? (
        <p className="list-state museum-state">{t.none}</p>
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions: { draggable: t.dnd.instructions } }}>
          <SortableContext items={items.map((e) => e.galleryKey)} strategy={verticalListSortingStrategy}>
            <ol className="exhibit-order" aria-labelledby={`${base}-chosen`}>
              {items.map((e, i) => (
                <OrderRow
                  key={e.galleryKey}
                  base={base}
                  exhibit={e}
                  n={i + 1}
                  last={i === items.length - 1}
                  noteId={noteId(e.galleryKey)}
                  noteError={noteError?.galleryKey === e.galleryKey ? noteError.message : undefined}
                  onNote={(note) => setNote(e.galleryKey, note)}
                  onMove={(by) => move(e.galleryKey, by)}
                  onRemove={() => remove(e.galleryKey)}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {said}
      </p>

      <div className="museum-editor-buttons">
        <LiteButton type="submit" icon="pi pi-check" label={t.save} loading={save.isPending} />
        <LiteButton type="button" text label={t.cancel} onClick={close} />
      </div>

      <ExhibitPicker userId={userId} chosen={items} onAdd={add} full={items.length >= MAX_EXHIBITS} />
    </form>
  );
}

function OrderRow({
  base,
  exhibit,
  n,
  last,
  noteId,
  noteError,
  onNote,
  onMove,
  onRemove,
}: {
  base: string;
  exhibit: EditExhibit;
  n: number;
  last: boolean;
  noteId: string;
  noteError: string | undefined;
  onNote: (note: string) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortableItem(exhibit.galleryKey);
  const key = exhibit.galleryKey;
  const iconButton = (id: string, icon: string, label: string, onClick: () => void, disabled = false, danger = false) => (
    <button id={id} type="button" className={`p-button p-component p-button-text p-button-rounded p-button-icon-only${danger ? ' p-button-danger' : ''}`} aria-label={label} title={label} disabled={disabled} onClick={onClick}>
      <span className={`p-button-icon ${icon}`} aria-hidden="true" />
    </button>
  );
  return (
    <li ref={setNodeRef} style={{ transform: CSS.Translate.toString(transform), transition }} className={isDragging ? 'order-row is-dragging' : 'order-row'}>
      <button id={`${base}-handle-${key}`} type="button" className="order-handle" ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={t.drag(exhibit.title)}>
        <i className="pi pi-bars" aria-hidden="true" />
      </button>
      <span className="order-no" aria-hidden="true">
        {n}
      </span>
      <img className="order-thumb" src={exhibit.cover.thumbUrl} alt="" width={64} height={64} loading="lazy" />
      <div className="order-main">
        <span className="order-title">{exhibit.title}</span>
        <label htmlFor={noteId} className="visually-hidden">
          {t.note(exhibit.title)}
        </label>
        <textarea
          id={noteId}
          className={noteError ? 'p-inputtextarea p-inputtext p-component p-invalid' : 'p-inputtextarea p-inputtext p-component'}
          value={exhibit.note}
          rows={2}
          maxLength={NOTE_MAX}
          placeholder={t.notePlaceholder}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={noteError ? `${noteId}-error` : undefined}
          onChange={(e) => onNote(e.target.value)}
        />
        <FieldError id={noteId} message={noteError} />
      </div>
      <span className="order-buttons">
        {iconButton(`${base}-up-${key}`, 'pi pi-arrow-up', t.up(exhibit.title), () => onMove(-1), n === 1)}
        {iconButton(`${base}-down-${key}`, 'pi pi-arrow-down', t.down(exhibit.title), () => onMove(1), last)}
        {iconButton(`${base}-remove-${key}`, 'pi pi-times', t.remove(exhibit.title), onRemove, false, true)}
      </span>
    </li>
  );
}
