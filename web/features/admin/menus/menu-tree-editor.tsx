// The menu tree as one sortable list (@dnd-kit/sortable): group headings with their items under
// them. Drag by the handle with a pointer, or with the keyboard (Space on the handle, arrows,
// Space to drop); every row also has buttons to move up, down and into the group before or after,
// and the result is read out in a live region.
import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, TouchSensor, useSensor, useSensors, type Announcements } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { ko } from '../../../i18n/ko';
import { koAdminMenu } from './texts';
import { useSortableItem } from '../../../ui/sortable';
import { dropOn, type EditEntry, entryName, moveBy, moveToGroup, positionOf, type ProgramInfo } from './menu-model';

const t = koAdminMenu;

export interface TreeEditorProps {
  flat: EditEntry[];
  programs: readonly ProgramInfo[];
  onChange: (flat: EditEntry[]) => void;
  onEdit: (entry: EditEntry) => void;
  onRemove: (entry: EditEntry) => void;
}

export function MenuTreeEditor({ flat, programs, onChange, onEdit, onRemove }: TreeEditorProps) {
  const [said, setSaid] = useState('');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const name = (uid: string | number) => {
    const e = flat.find((x) => x.uid === uid);
    return e ? entryName(e, programs) : '';
  };
  const where = (list: readonly EditEntry[], uid: string) => {
    const p = positionOf(list, uid);
    return p.group ? t.position(entryName(p.group, programs), p.n) : t.groupPosition(p.n);
  };

  /** Applies a move and keeps focus on the same button of the moved row (or its handle). */
  const apply = (next: EditEntry[] | null, uid: string, focusId?: string) => {
    if (!next) return;
    onChange(next);
    setSaid(t.moved(name(uid), where(next, uid)));
    if (focusId)
      requestAnimationFrame(() => {
        const el = document.getElementById(focusId) as HTMLButtonElement | null;
        (el && !el.disabled ? el : document.getElementById(`${uid}-handle`))?.focus();
      });
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over) apply(dropOn(flat, String(active.id), String(over.id)), String(active.id));
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => t.dnd.start(name(active.id)),
    onDragOver: ({ active, over }) => (over ? t.dnd.over(name(active.id), name(over.id)) : undefined),
    onDragEnd: ({ active }) => t.dnd.end(name(active.id)),
    onDragCancel: ({ active }) => t.dnd.cancel(name(active.id)),
  };

  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t.dnd.instructions } }}
      >
        <SortableContext items={flat.map((e) => e.uid)} strategy={verticalListSortingStrategy}>
          <ul className="menu-tree" aria-label={t.treeLabel}>
            {flat.map((e, i) => (
              <TreeRow
                key={e.uid}
                entry={e}
                name={entryName(e, programs)}
                program={programs.find((p) => p.id === e.programId)}
                emptyGroup={e.kind === 'group' && flat[i + 1]?.kind !== 'item'}
                can={{
                  up: moveBy(flat, e.uid, -1) !== null,
                  down: moveBy(flat, e.uid, 1) !== null,
                  prev: moveToGroup(flat, e.uid, -1) !== null,
                  next: moveToGroup(flat, e.uid, 1) !== null,
                }}
                onMove={(kind) => {
                  const next = kind === 'up' ? moveBy(flat, e.uid, -1) : kind === 'down' ? moveBy(flat, e.uid, 1) : moveToGroup(flat, e.uid, kind === 'prev' ? -1 : 1);
                  apply(next, e.uid, `${e.uid}-${kind}`);
                }}
                onEdit={() => onEdit(e)}
                onRemove={() => onRemove(e)}
              />
            ))}
          </ul>
        </SortableContext>
      </DndContext>
      <p className="visually-hidden" role="status" aria-live="polite">
        {said}
      </p>
    </>
  );
}

type MoveKind = 'up' | 'down' | 'prev' | 'next';

function TreeRow({
  entry,
  name,
  program,
  emptyGroup,
  can,
  onMove,
  onEdit,
  onRemove,
}: {
  entry: EditEntry;
  name: string;
  program: ProgramInfo | undefined;
  emptyGroup: boolean;
  can: Record<MoveKind, boolean>;
  onMove: (kind: MoveKind) => void;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortableItem(entry.uid);
  const group = entry.kind === 'group';
  const move = (kind: MoveKind, icon: string, label: string) => (
    <Button id={`${entry.uid}-${kind}`} type="button" icon={icon} text size="small" rounded aria-label={label} tooltip={label} tooltipOptions={{ position: 'top', showDelay: 400 }} disabled={!can[kind]} onClick={() => onMove(kind)} />
  );
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={['menu-row', group ? 'menu-row-group' : 'menu-row-item', isDragging && 'is-dragging', !entry.visible && 'is-hidden'].filter(Boolean).join(' ')}
    >
      <button id={`${entry.uid}-handle`} type="button" className="menu-handle" ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={t.drag(name)}>
        <i className="pi pi-bars" aria-hidden="true" />
      </button>
      <span className="menu-row-main">
        <span className="menu-row-icon" aria-hidden="true">
          {entry.icon && <i className={entry.icon} />}
        </span>
        <span className="menu-row-text">
          <span className="menu-row-name">{name}</span>
          {group ? (
            <span className="tag">{t.groupTag}</span>
          ) : (
            <span className="menu-row-url">{program?.url ?? t.noProgram}</span>
          )}
          {entry.shortKey && (
            <kbd className="shortkey" title={ko.menu.shortKey(entry.shortKey)}>
              {entry.shortKey}
            </kbd>
          )}
          {!entry.visible && <span className="tag tag-hidden">{t.hiddenTag}</span>}
          {entry.target === '_blank' && <span className="tag">{t.newWindowTag}</span>}
          {emptyGroup && <span className="menu-row-empty">{t.emptyGroup}</span>}
        </span>
      </span>
      <span className="menu-row-buttons">
        {move('up', 'pi pi-arrow-up', t.up(name))}
        {move('down', 'pi pi-arrow-down', t.down(name))}
        {!group && move('prev', 'pi pi-angle-double-up', t.prevGroup(name))}
        {!group && move('next', 'pi pi-angle-double-down', t.nextGroup(name))}
        <Button type="button" icon="pi pi-pencil" text size="small" rounded aria-label={t.edit(name)} onClick={onEdit} />
        <Button type="button" icon="pi pi-trash" text size="small" rounded severity="danger" aria-label={t.remove(name)} onClick={onRemove} />
      </span>
    </li>
  );
}
