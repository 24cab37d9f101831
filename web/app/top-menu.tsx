// Top menu (SPEC §2): PrimeReact Menubar from 960px wide; group headings are not links, child
// items navigate inside the app and show their icon and shortcut-key badge.
import { Menubar } from 'primereact/menubar';
import type { MenuItem } from 'primereact/menuitem';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { ko } from '../i18n/ko';
import { ShortKeyBadge } from './menu-link';
import { isExternal, type MenuGroup } from './menu-tree';

export default function TopMenuBar({ groups }: { groups: MenuGroup[] }) {
  const navigate = useNavigate();
  const model = useMemo<MenuItem[]>(
    () =>
      groups.map(({ entry, items }) => ({
        id: `menu-${entry.programId}`,
        label: entry.programName,
        icon: entry.icon || undefined,
        items:
          items.length === 0
            ? undefined
            : items.map((item) => {
                const external = isExternal(item);
                return {
                  id: `menu-${item.programId}`,
                  label: item.programName,
                  icon: item.icon || undefined,
                  url: item.url,
                  target: external ? item.taget || '_blank' : undefined,
                  command: external
                    ? undefined
                    : (e) => {
                        e.originalEvent.preventDefault();
                        navigate(item.url);
                        // Hand focus to the new page, so H and the shortcut keys work again.
                        setTimeout(() => document.getElementById('main')?.focus({ preventScroll: true }), 0);
                      },
                  template: (mi, options) => (
                    <a
                      href={item.url}
                      className={options.className}
                      target={mi.target}
                      rel={external ? 'noopener noreferrer' : undefined}
                      tabIndex={-1}
                      data-pc-section="action"
                    >
                      {item.icon && <span className={options.iconClassName} aria-hidden="true" />}
                      <span className={options.labelClassName}>{item.programName}</span>
                      <ShortKeyBadge shortKey={item.shortKey} />
                    </a>
                  ),
                } satisfies MenuItem;
              }),
      })),
    [groups, navigate],
  );
  if (groups.length === 0) return null;
  return (
    <nav className="top-menu" aria-label={ko.menu.navLabel}>
      <Menubar model={model} />
    </nav>
  );
}
