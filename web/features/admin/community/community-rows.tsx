// The two list editors of the community setup: the footer's links (label, address, order) and
// the levels (name, minimum points, whether they may sell). Rows carry a local uid so React keeps
// each row's inputs while rows move or go.
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { formatNumber } from '../../../../common/format';
import { koAdminSetup } from './texts';
import { FieldError } from '../../../ui/field';
import { focusField } from '../../../ui/use-field-errors';

const t = koAdminSetup;

let uids = 0;
export const uid = () => ++uids;

export interface LinkDraft {
  uid: number;
  label: string;
  url: string;
}

export interface LevelDraft {
  uid: number;
  id?: number;
  name: string;
  minPoints: string;
  canMarket: boolean;
  members: number;
}

/** What each row input gets from the form: its id, aria and error (the form's useFieldErrors). */
export interface RowFields {
  id: (key: string) => string;
  aria: (key: string) => Record<string, unknown>;
  error: (key: string) => string | undefined;
  clear: (key: string) => void;
}

function move<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

export function LinkRows({ rows, onChange, f }: { rows: LinkDraft[]; onChange: (rows: LinkDraft[]) => void; f: RowFields }) {
  const set = (i: number, part: 'label' | 'url', value: string) => {
    onChange(rows.map((r, j) => (j === i ? { ...r, [part]: value } : r)));
    f.clear(`footerLinks.${i}.${part}`);
  };
  const shift = (i: number, to: number, dir: 'up' | 'down') => {
    onChange(move(rows, i, to));
    const end = dir === 'up' ? to === 0 : to === rows.length - 1;
    focusField(f.id(`footerLinks.${to}.${end ? (dir === 'up' ? 'down' : 'up') : dir}`));
  };
  const remove = (i: number) => {
    onChange(rows.filter((_, j) => j !== i));
    focusField(rows.length > 1 ? f.id(`footerLinks.${Math.min(i, rows.length - 2)}.remove`) : f.id('footerLinks'));
  };
  return (
    <div className="setup-rows">
      {rows.length === 0 && <p className="spec-empty">{t.linksEmpty}</p>}
      <ol className="setup-row-list">
        {rows.map((r, i) => (
          <li key={r.uid} className="setup-row setup-link-row">
            <span className="setup-cell">
              <label htmlFor={f.id(`footerLinks.${i}.label`)}>{t.linkLabel(i + 1)}</label>
              <InputText id={f.id(`footerLinks.${i}.label`)} value={r.label} onChange={(e) => set(i, 'label', e.target.value)} {...f.aria(`footerLinks.${i}.label`)} />
              <FieldError id={f.id(`footerLinks.${i}.label`)} message={f.error(`footerLinks.${i}.label`)} />
            </span>
            <span className="setup-cell setup-cell-wide">
              <label htmlFor={f.id(`footerLinks.${i}.url`)}>{t.linkUrl(i + 1)}</label>
              <InputText id={f.id(`footerLinks.${i}.url`)} value={r.url} inputMode="url" placeholder="/board/site/view/6" onChange={(e) => set(i, 'url', e.target.value)} {...f.aria(`footerLinks.${i}.url`)} />
              <FieldError id={f.id(`footerLinks.${i}.url`)} message={f.error(`footerLinks.${i}.url`)} />
            </span>
            <span className="setup-row-buttons">
              <Button type="button" id={f.id(`footerLinks.${i}.up`)} icon="pi pi-arrow-up" text rounded size="small" aria-label={t.linkUp(r.label || String(i + 1))} disabled={i === 0} onClick={() => shift(i, i - 1, 'up')} />
              <Button
                type="button"
                id={f.id(`footerLinks.${i}.down`)}
                icon="pi pi-arrow-down"
                text
                rounded
                size="small"
                aria-label={t.linkDown(r.label || String(i + 1))}
                disabled={i === rows.length - 1}
                onClick={() => shift(i, i + 1, 'down')}
              />
              <Button type="button" id={f.id(`footerLinks.${i}.remove`)} icon="pi pi-trash" text rounded size="small" severity="danger" aria-label={t.linkRemove(r.label || String(i + 1))} onClick={() => remove(i)} />
            </span>
          </li>
        ))}
      </ol>
      <Button
        type="button"
        id={f.id('footerLinks')}
        icon="pi pi-plus"
        label={t.linkAdd}
        size="small"
        outlined
        {...f.aria('footerLinks')}
        onClick={() => {
          onChange([...rows, { uid: uid(), label: '', url: '' }]);
          focusField(f.id(`footerLinks.${rows.length}.label`));
        }}
      />
      <FieldError id={f.id('footerLinks')} message={f.error('footerLinks')} />
    </div>
  );
}

export function LevelRows({ rows, onChange, f }: { rows: LevelDraft[]; onChange: (rows: LevelDraft[]) => void; f: RowFields }) {
  const set = <K extends 'name' | 'minPoints' | 'canMarket'>(i: number, part: K, value: LevelDraft[K]) => {
    onChange(rows.map((r, j) => (j === i ? { ...r, [part]: value } : r)));
    f.clear(`levels.${i}.${part}`);
    f.clear('levels');
  };
  const remove = (i: number) => {
    onChange(rows.filter((_, j) => j !== i));
    f.clear('levels');
    focusField(rows.length > 1 ? f.id(`levels.${Math.min(i, rows.length - 2)}.remove`) : f.id('levels'));
  };
  return (
    <div className="setup-rows">
      <ol className="setup-row-list">
        {rows.map((r, i) => (
          <li key={r.uid} className="setup-row setup-level-row">
            <span className="setup-cell">
              <label htmlFor={f.id(`levels.${i}.name`)}>{t.levelName(i + 1)}</label>
              <InputText id={f.id(`levels.${i}.name`)} value={r.name} onChange={(e) => set(i, 'name', e.target.value)} {...f.aria(`levels.${i}.name`)} />
              <FieldError id={f.id(`levels.${i}.name`)} message={f.error(`levels.${i}.name`)} />
            </span>
            <span className="setup-cell setup-cell-narrow">
              <label htmlFor={f.id(`levels.${i}.minPoints`)}>{t.levelMin}</label>
              <InputText id={f.id(`levels.${i}.minPoints`)} value={r.minPoints} inputMode="numeric" onChange={(e) => set(i, 'minPoints', e.target.value)} {...f.aria(`levels.${i}.minPoints`)} />
              <FieldError id={f.id(`levels.${i}.minPoints`)} message={f.error(`levels.${i}.minPoints`)} />
            </span>
            <span className="setup-cell setup-level-check field-check">
              <Checkbox inputId={f.id(`levels.${i}.canMarket`)} checked={r.canMarket} onChange={(e) => set(i, 'canMarket', e.checked === true)} />
              <label htmlFor={f.id(`levels.${i}.canMarket`)}>{t.levelMarket}</label>
            </span>
            <span className="setup-level-members">{r.id === undefined ? t.levelNew : t.levelMembers(formatNumber(r.members))}</span>
            <span className="setup-row-buttons">
              <Button type="button" id={f.id(`levels.${i}.remove`)} icon="pi pi-trash" text rounded size="small" severity="danger" aria-label={t.levelRemove(r.name || String(i + 1))} onClick={() => remove(i)} />
            </span>
          </li>
        ))}
      </ol>
      <Button
        type="button"
        id={f.id('levels')}
        icon="pi pi-plus"
        label={t.levelAdd}
        size="small"
        outlined
        {...f.aria('levels')}
        onClick={() => {
          onChange([...rows, { uid: uid(), name: '', minPoints: '', canMarket: false, members: 0 }]);
          focusField(f.id(`levels.${rows.length}.name`));
        }}
      />
      <FieldError id={f.id('levels')} message={f.error('levels')} />
    </div>
  );
}
