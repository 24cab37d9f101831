// The icon picker of a menu entry: the PrimeIcons the server allows, as a searchable grid of
// buttons (the chosen one pressed), plus "no icon". Opens inline inside the entry dialog.
import { InputText } from 'primereact/inputtext';
import { useId, useMemo, useState } from 'react';
import { MENU_ICON_NAMES, menuIconClass } from '../../../../common/api/menu-icons';
import { formatNumber } from '../../../../common/format';
import { koAdminMenu } from './texts';
import { LiteButton } from '../../../ui/lite-button';

const t = koAdminMenu;

export function IconPicker({ id, value, onChange, describedBy }: { id: string; value: string; onChange: (icon: string) => void; describedBy?: string }) {
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState('');
  const base = useId();
  const names = useMemo(() => {
    const words = q.trim().toLowerCase().split(/\s+/).filter(Boolean);
    return MENU_ICON_NAMES.filter((n) => words.every((w) => n.includes(w)));
  }, [q]);
  const pick = (icon: string) => {
    onChange(icon);
    setOpen(false);
    requestAnimationFrame(() => document.getElementById(id)?.focus());
  };
  return (
    <div className="icon-picker">
      <div className="icon-current">
        <span className="icon-sample" aria-hidden="true">
          {value ? <i className={value} /> : <i className="pi pi-minus" />}
        </span>
        <span className="icon-name">{value ? value.replace(/^pi pi-/, '') : t.iconNone}</span>
        <LiteButton id={id} icon="pi pi-th-large" label={value ? t.iconChange : t.iconPick} outlined small aria-expanded={open} aria-controls={`${base}-panel`} aria-describedby={describedBy} onClick={() => setOpen(!open)} />
      </div>
      {open && (
        <div id={`${base}-panel`} className="icon-panel">
          <label htmlFor={`${base}-q`} className="visually-hidden">
            {t.iconSearch}
          </label>
          <InputText id={`${base}-q`} type="search" value={q} placeholder={t.iconSearchPlaceholder} autoFocus autoCapitalize="off" spellCheck={false} onChange={(e) => setQ(e.target.value)} />
          <p className="field-hint" aria-live="polite">
            {names.length ? t.iconCount(formatNumber(names.length)) : t.iconEmpty}
          </p>
          <ul className="icon-grid" aria-label={t.iconsLabel}>
            <li>
              <button type="button" className="icon-choice" aria-pressed={value === ''} title={t.iconNone} onClick={() => pick('')}>
                <i className="pi pi-ban" aria-hidden="true" />
                <span className="visually-hidden">{t.iconNone}</span>
              </button>
            </li>
            {names.map((n) => {
              const cls = menuIconClass(n);
              return (
                <li key={n}>
                  <button type="button" className="icon-choice" aria-pressed={value === cls} title={n} onClick={() => pick(cls)}>
                    <i className={cls} aria-hidden="true" />
                    <span className="visually-hidden">{n}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}
