// Previews of the edited (not yet saved) menu as members will get it: a faithful copy of the
// desktop menu bar (web/app/top-menu.tsx: headings in a row, the chosen group's list below) and of
// the phone drawer's groups (web/app/menu-drawer.tsx), drawn with their own styles. The desktop
// headings only choose which group is shown open; nothing navigates.
import { useState } from 'react';
import { ShortKeyBadge } from '../../../ui/menu-link';
import type { MenuGroup } from '../../../shared/menu-tree';
import { ko } from '../../../i18n/ko';
import { koAdminMenu } from './texts';
import '../../../ui/top-menu.css';

const t = koAdminMenu;

function Item({ entry, className }: { entry: MenuGroup['items'][number]; className: string }) {
  return (
    <span className={className}>
      <i className={`${entry.icon || ''} menu-icon`} aria-hidden="true" />
      <span className="menu-label menubar-label">{entry.programName}</span>
      <ShortKeyBadge shortKey={entry.shortKey} />
      {entry.taget === '_blank' && <i className="pi pi-external-link preview-external" aria-label={t.newWindowTag} />}
    </span>
  );
}

export function MenuPreview({ groups }: { groups: MenuGroup[] }) {
  const [open, setOpen] = useState(0);
  const shown = Math.min(open, groups.length - 1);
  return (
    <section className="menu-preview" aria-labelledby="menu-preview-title">
      <h2 id="menu-preview-title" className="menu-preview-title">
        {t.preview}
      </h2>
      <p className="field-hint">{t.previewNote}</p>
      <h3 className="menu-preview-sub">{t.previewDesktop}</h3>
      <div className="preview-desktop top-menu">
        <ul className="menubar">
          {groups.map(({ entry, items }, g) => (
            <li key={entry.programId} className={g === shown ? 'menubar-group is-open' : 'menubar-group'}>
              <button type="button" className="menubar-heading" aria-pressed={g === shown} onClick={() => setOpen(g)}>
                {entry.icon && <i className={`${entry.icon} menu-icon`} aria-hidden="true" />}
                <span>{entry.programName}</span>
                {items.length > 0 && <i className="pi pi-angle-down menubar-caret" aria-hidden="true" />}
              </button>
            </li>
          ))}
        </ul>
        {groups[shown] && groups[shown].items.length > 0 && (
          <ul className="menubar-sub preview-sub">
            {groups[shown].items.map((item, i) => (
              <li key={`${i}-${item.programId}`}>
                <Item entry={item} className="menubar-link" />
              </li>
            ))}
          </ul>
        )}
      </div>
      <h3 className="menu-preview-sub">{t.previewPhone}</h3>
      <div className="preview-phone">
        <p className="preview-phone-head">{ko.menu.title}</p>
        {groups.map(({ entry, items }) => (
          <div key={entry.programId} className="drawer-group">
            <p className="drawer-group-title">
              {entry.icon && <i className={`${entry.icon} menu-icon`} aria-hidden="true" />}
              {entry.programName}
            </p>
            {items.length > 0 && (
              <ul>
                {items.map((item, i) => (
                  <li key={`${i}-${item.programId}`}>
                    <Item entry={item} className="drawer-link" />
                  </li>
                ))}
              </ul>
            )}
          </div>
        ))}
      </div>
    </section>
  );
}
