// The specs of a product as label/value rows: add, remove and move with buttons (keyboard usable;
// focus follows the row that moved, or lands on a neighbour when a row goes).
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { koAdminProduct } from './texts';
import { focusField } from '../../../ui/use-field-errors';
import { movedButtonId, moveItem } from '../shared/move-item';

const t = koAdminProduct;

export interface SpecRowDraft {
  /** A stable key for React while rows move; never sent. */
  rowId: number;
  label: string;
  value: string;
}

let nextRowId = 1;
export const specRow = (label = '', value = ''): SpecRowDraft => ({ rowId: nextRowId++, label, value });

export const specInputId = (base: string, index: number, part: 'label' | 'value') => `${base}-${index}-${part}`;

export interface SpecRowsProps {
  /** The group's id: the checker focuses it, rows' inputs build their ids on it. */
  id: string;
  rows: SpecRowDraft[];
  onChange: (rows: SpecRowDraft[]) => void;
  /** The row and part the checker marked. */
  invalid: { index: number; part: 'label' | 'value' } | null;
  describedBy?: string;
}

export function SpecRows({ id, rows, onChange, invalid, describedBy }: SpecRowsProps) {
  const set = (index: number, part: 'label' | 'value', text: string) => onChange(rows.map((r, i) => (i === index ? { ...r, [part]: text } : r)));
  const move = (index: number, to: number, button: 'up' | 'down') => {
    onChange(moveItem(rows, index, to));
    focusField(movedButtonId(id, to, rows.length, button, ['up', 'down']));
  };
  const remove = (index: number) => {
    onChange(rows.filter((_, i) => i !== index));
    const left = rows.length - 1;
    focusField(left === 0 ? `${id}-add` : specInputId(id, Math.min(index, left - 1), 'label'));
  };
  const add = () => {
    onChange([...rows, specRow()]);
    focusField(specInputId(id, rows.length, 'label'));
  };
  const bad = (index: number, part: 'label' | 'value') => invalid?.index === index && invalid.part === part;

  return (
    <div className="spec-rows" id={id} tabIndex={-1} aria-describedby={describedBy}>
      {rows.length === 0 && <p className="spec-empty">{t.specsEmpty}</p>}
      {rows.length > 0 && (
        <ol className="spec-list">
          {rows.map((row, i) => (
            <li key={row.rowId} className="spec-row">
              <label htmlFor={specInputId(id, i, 'label')} className="visually-hidden">
                {t.specLabel(i + 1)}
              </label>
              <InputText
                id={specInputId(id, i, 'label')}
                value={row.label}
                onChange={(e) => set(i, 'label', e.target.value)}
                placeholder={t.specLabelPlaceholder}
                className="spec-label"
                maxLength={80}
                aria-invalid={bad(i, 'label') || undefined}
              />
              <label htmlFor={specInputId(id, i, 'value')} className="visually-hidden">
                {t.specValue(i + 1)}
              </label>
              <InputText
                id={specInputId(id, i, 'value')}
                value={row.value}
                onChange={(e) => set(i, 'value', e.target.value)}
                placeholder={t.specValuePlaceholder}
                className="spec-value"
                maxLength={400}
                aria-invalid={bad(i, 'value') || undefined}
              />
              <span className="spec-buttons">
                <Button type="button" id={`${id}-${i}-up`} icon="pi pi-arrow-up" text rounded size="small" aria-label={t.specUp(i + 1)} disabled={i === 0} onClick={() => move(i, i - 1, 'up')} />
                <Button
                  type="button"
                  id={`${id}-${i}-down`}
                  icon="pi pi-arrow-down"
                  text
                  rounded
                  size="small"
                  aria-label={t.specDown(i + 1)}
                  disabled={i === rows.length - 1}
                  onClick={() => move(i, i + 1, 'down')}
                />
                <Button type="button" icon="pi pi-times" text rounded size="small" severity="danger" aria-label={t.specRemove(i + 1)} onClick={() => remove(i)} />
              </span>
            </li>
          ))}
        </ol>
      )}
      <Button type="button" id={`${id}-add`} icon="pi pi-plus" label={t.specAdd} outlined size="small" onClick={add} />
    </div>
  );
}
