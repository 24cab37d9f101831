// A board's categories in the edit form: rename, add, move with buttons (focus follows the row),
// take out an empty one, or merge one into another at once (after a confirm naming how many
// posts move). Renames, order and additions are saved with the board.
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { formatNumber } from '../../../../common/format';
import { koAdmin } from '../texts';
import { koAdminBoard } from './texts';
import { confirm } from '../../../ui/confirm';
import { toast } from '../../../ui/toast-store';
import { focusField } from '../../../ui/use-field-errors';
import { useCategoryMerge } from './api/board-admin';
import { movedButtonId, moveItem } from '../shared/move-item';

const t = koAdminBoard;

export interface CategoryDraft {
  /** A stable key for React while rows move; never sent. */
  rowId: number;
  /** The saved category's code; none for a new one. */
  code?: string;
  name: string;
  /** Live posts in the saved category. */
  posts: number;
}

let nextRowId = 1;
export const categoryDraft = (name = '', code?: string, posts = 0): CategoryDraft => ({ rowId: nextRowId++, name, posts, ...(code !== undefined && { code }) });

export const categoryInputId = (base: string, index: number) => `${base}-${index}-name`;

export interface BoardCategoriesProps {
  id: string;
  /** The saved board's id (merges need it); null for a new board. */
  boardId: string | null;
  rows: CategoryDraft[];
  onChange: (rows: CategoryDraft[]) => void;
  invalid: boolean;
  describedBy?: string;
}

export function BoardCategories({ id, boardId, rows, onChange, invalid, describedBy }: BoardCategoriesProps) {
  const merge = useCategoryMerge();
  const [merging, setMerging] = useState<number | null>(null);
  const [into, setInto] = useState('');

  const set = (index: number, name: string) => onChange(rows.map((r, i) => (i === index ? { ...r, name } : r)));
  const move = (index: number, to: number, button: 'up' | 'down') => {
    onChange(moveItem(rows, index, to));
    focusField(movedButtonId(id, to, rows.length, button, ['up', 'down']));
  };
  const remove = (index: number) => {
    onChange(rows.filter((_, i) => i !== index));
    const left = rows.length - 1;
    focusField(left === 0 ? `${id}-add` : categoryInputId(id, Math.min(index, left - 1)));
  };
  const add = () => {
    onChange([...rows, categoryDraft()]);
    focusField(categoryInputId(id, rows.length));
  };
  const openMerge = (index: number) => {
    setMerging(index);
    setInto('');
    focusField(`${id}-merge-into`);
  };

  const doMerge = (index: number) => {
    const from = rows[index]!;
    const target = rows.find((r) => r.code === into);
    if (!boardId || !from.code || !target) return focusField(`${id}-merge-into`);
    confirm({
      message: t.mergeConfirm(from.name, formatNumber(from.posts), target.name),
      defaultFocus: 'reject',
      accept: () =>
        merge.mutate(
          { boardId, from: from.code!, into: target.code! },
          {
            onSuccess: () => {
              toast.success(t.mergeDone(formatNumber(from.posts)));
              onChange(rows.filter((r) => r !== from).map((r) => (r === target ? { ...r, posts: r.posts + from.posts } : r)));
              setMerging(null);
              focusField(categoryInputId(id, rows.filter((r) => r !== from).indexOf(target)));
            },
          },
        ),
    });
  };

  const saved = rows.filter((r) => r.code !== undefined);
  return (
    <div className="board-categories" id={id} tabIndex={-1} aria-describedby={describedBy}>
      <ol className="spec-list">
        {rows.map((row, i) => {
          const label = row.name || t.categoryNew;
          // A category holding posts only goes by a merge; a saved one merges into another saved one.
          const canMerge = boardId !== null && row.code !== undefined && saved.length > 1;
          return (
            <li key={row.rowId} className="category-row">
              <div className="spec-row">
                <label htmlFor={categoryInputId(id, i)} className="visually-hidden">
                  {t.categoryName(i + 1)}
                </label>
                <InputText
                  id={categoryInputId(id, i)}
                  value={row.name}
                  onChange={(e) => set(i, e.target.value)}
                  maxLength={20}
                  placeholder={t.categoryNew}
                  aria-invalid={(invalid && row.name.trim() === '') || undefined}
                />
                {row.code !== undefined && <span className="category-posts">{t.categoryPosts(formatNumber(row.posts))}</span>}
                <span className="spec-buttons">
                  <Button type="button" id={`${id}-${i}-up`} icon="pi pi-arrow-up" text rounded size="small" aria-label={t.categoryUp(label)} disabled={i === 0} onClick={() => move(i, i - 1, 'up')} />
                  <Button
                    type="button"
                    id={`${id}-${i}-down`}
                    icon="pi pi-arrow-down"
                    text
                    rounded
                    size="small"
                    aria-label={t.categoryDown(label)}
                    disabled={i === rows.length - 1}
                    onClick={() => move(i, i + 1, 'down')}
                  />
                  {canMerge && <Button type="button" icon="pi pi-sign-in" text rounded size="small" aria-label={t.categoryMerge(label)} aria-expanded={merging === i} onClick={() => openMerge(i)} />}
                  {row.posts === 0 && rows.length > 1 && (
                    <Button type="button" icon="pi pi-times" text rounded size="small" severity="danger" aria-label={t.categoryRemove(label)} onClick={() => remove(i)} />
                  )}
                </span>
              </div>
              {merging === i && (
                <div className="category-merge" role="group" aria-label={t.mergeTitle}>
                  <label htmlFor={`${id}-merge-into`}>{t.mergeInto}</label>
                  <select id={`${id}-merge-into`} className="p-inputtext p-component" value={into} onChange={(e) => setInto(e.target.value)}>
                    <option value="">{t.mergePick}</option>
                    {saved
                      .filter((r) => r !== row)
                      .map((r) => (
                        <option key={r.code} value={r.code}>
                          {r.name}
                        </option>
                      ))}
                  </select>
                  <Button type="button" label={t.merge} size="small" severity="danger" disabled={!into || merge.isPending} onClick={() => doMerge(i)} />
                  <Button type="button" label={koAdmin.cancel} size="small" text onClick={() => setMerging(null)} />
                </div>
              )}
            </li>
          );
        })}
      </ol>
      <Button type="button" id={`${id}-add`} icon="pi pi-plus" label={t.addCategory} outlined size="small" onClick={add} />
    </div>
  );
}
