// Top menu (docs/product/site.md#top-menu): the menu bar from 960px wide. Group headings are not links: they open their
// group; child items navigate inside the app and show their icon and shortcut-key badge.
// Keyboard as the WAI-ARIA menubar pattern (decision 17): one tab stop (roving tabindex),
// Left/Right between headings, Down/Enter/Space open a group on its first item, Up on its last,
// Up/Down/Home/End inside, Escape closes and returns to the heading, Tab leaves, letters search
// (type-ahead, reset after 500 ms).
import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import type { MenuEntry } from '../../common/api/menu';
import { ko } from '../i18n/ko';
import { focusPage } from '../ui/focus';
import { ShortKeyBadge } from '../ui/menu-link';
import { EMPTY_TYPEAHEAD, isTypeAheadKey, typeAheadAdd, typeAheadMatch, wrapIndex } from './menubar-keys';
import { isExternal, type MenuGroup } from '../shared/menu-tree';
import '../ui/top-menu.css';


export default function TopMenuBar({ groups }: { groups: MenuGroup[] }) {
  const navigate = useNavigate();
  const base = useId();
  const barRef = useRef<HTMLUListElement>(null);
  // The heading that holds the bar's one tab stop, and the open group (-1: none).
  const [current, setCurrent] = useState(0);
  const [open, setOpen] = useState(-1);
  const typed = useRef(EMPTY_TYPEAHEAD);

  const heading = (g: number) => barRef.current?.querySelector<HTMLElement>(`[data-heading="${g}"]`) ?? null;
  const items = (g: number) => [...(barRef.current?.querySelectorAll<HTMLElement>(`[data-group="${g}"] [role="menuitem"]`) ?? [])];
  const focusHeading = (g: number) => {
    setCurrent(g);
    heading(g)?.focus();
  };
  /** Opens group g and focuses its first (or last) item; a group without items just takes focus. */
  const openGroup = (g: number, at: 'first' | 'last' | 'none') => {
    setCurrent(g);
    if (groups[g]?.items.length === 0) {
      setOpen(-1);
      heading(g)?.focus();
      return;
    }
    setOpen(g);
    if (at === 'none') return;
    // The list shows on this render; focus once it is there.
    requestAnimationFrame(() => {
      const list = items(g);
      (at === 'first' ? list[0] : list.at(-1))?.focus();
    });
  };
  const close = (refocus: boolean) => {
    const g = open;
    setOpen(-1);
    if (refocus && g >= 0) focusHeading(g);
  };

  // A click or focus outside the bar closes the open group.
  useEffect(() => {
    if (open < 0) return;
    const outside = (e: Event) => {
      if (!barRef.current?.contains(e.target as Node)) setOpen(-1);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
    };
  }, [open]);

  // The menu can shrink (logout): keep the tab stop on an existing heading.
  if (current >= groups.length && groups.length > 0) setCurrent(0);

  if (groups.length === 0) return null;

  const search = (e: KeyboardEvent, labels: { label: string; shortKey?: string }[], from: number) => {
    typed.current = typeAheadAdd(typed.current, e.key, e.timeStamp);
    return typeAheadMatch(labels, typed.current.text, from);
  };

  const onHeadingKey = (g: number) => (e: KeyboardEvent) => {
    const count = groups.length;
    switch (e.key) {
      case 'ArrowRight':
      case 'ArrowLeft': {
        const next = wrapIndex(g, count, e.key === 'ArrowRight' ? 1 : -1);
        focusHeading(next);
        if (open >= 0) openGroup(next, 'none');
        break;
      }
      case 'Home':
        focusHeading(0);
        break;
      case 'End':
        focusHeading(count - 1);
        break;
      case 'ArrowDown':
      case 'Enter':
      case ' ':
        openGroup(g, 'first');
        break;
      case 'ArrowUp':
        openGroup(g, 'last');
        break;
      case 'Escape':
        if (open < 0) return;
        close(true);
        break;
      default:
        if (!isTypeAheadKey(e)) return;
        {
          const hit = search(e, groups.map((x) => ({ label: x.entry.programName, shortKey: x.entry.shortKey })), g);
          if (hit >= 0) focusHeading(hit);
        }
    }
    e.preventDefault();
  };

  const onItemKey = (g: number, i: number) => (e: KeyboardEvent<HTMLAnchorElement>) => {
    const list = items(g);
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        list[wrapIndex(i, list.length, e.key === 'ArrowDown' ? 1 : -1)]?.focus();
        break;
      case 'Home':
        list[0]?.focus();
        break;
      case 'End':
        list.at(-1)?.focus();
        break;
      case 'ArrowRight':
      case 'ArrowLeft':
        openGroup(wrapIndex(g, groups.length, e.key === 'ArrowRight' ? 1 : -1), 'first');
        break;
      case 'Escape':
        close(true);
        break;
      case ' ':
        e.currentTarget.click();
        break;
      case 'Tab':
        // Leaves the bar as usual; the group closes behind.
        setOpen(-1);
        return;
      default:
        if (!isTypeAheadKey(e)) return;
        {
          const hit = search(e, groups[g]!.items.map((x) => ({ label: x.programName, shortKey: x.shortKey })), i);
          if (hit >= 0) list[hit]?.focus();
        }
    }
    e.preventDefault();
  };

  const onItemClick = (item: MenuEntry) => (e: MouseEvent) => {
    setOpen(-1);
    if (isExternal(item)) return;
    e.preventDefault();
    navigate(item.url);
    focusPage();
  };

  return (
    <nav className="top-menu" aria-label={ko.menu.navLabel}>
      <ul ref={barRef} role="menubar" aria-label={ko.menu.navLabel} className="menubar">
        {groups.map(({ entry, items: children }, g) => {
          const listId = `${base}-g${g}`;
          const headingId = `${base}-h${g}`;
          const expanded = open === g;
          return (
            <li key={`${g}-${entry.programId}`} role="none" className={expanded ? 'menubar-group is-open' : 'menubar-group'}>
              <button
                type="button"
                role="menuitem"
                id={headingId}
                data-heading={g}
                className="menubar-heading"
                tabIndex={g === current ? 0 : -1}
                aria-haspopup={children.length > 0 ? 'menu' : undefined}
                aria-expanded={children.length > 0 ? expanded : undefined}
                aria-controls={children.length > 0 ? listId : undefined}
                onKeyDown={onHeadingKey(g)}
                onClick={() => (expanded ? close(false) : openGroup(g, 'none'))}
                onPointerEnter={() => {
                  // Like a desktop menu bar: once a group is open, pointing at another opens it.
                  if (open >= 0 && open !== g) openGroup(g, 'none');
                }}
              >
                {entry.icon && <i className={`${entry.icon} menu-icon`} aria-hidden="true" />}
                <span>{entry.programName}</span>
                {children.length > 0 && <i className="pi pi-angle-down menubar-caret" aria-hidden="true" />}
              </button>
              {children.length > 0 && (
                <ul role="menu" id={listId} aria-labelledby={headingId} className="menubar-sub" data-group={g} hidden={!expanded}>
                  {children.map((item, i) => {
                    const external = isExternal(item);
                    return (
                      <li key={`${i}-${item.programId}`} role="none">
                        <a
                          role="menuitem"
                          href={item.url}
                          target={external ? item.taget || '_blank' : undefined}
                          rel={external ? 'noopener noreferrer' : undefined}
                          tabIndex={-1}
                          className="menubar-link"
                          onKeyDown={onItemKey(g, i)}
                          onClick={onItemClick(item)}
                        >
                          {item.icon && <i className={`${item.icon} menu-icon`} aria-hidden="true" />}
                          <span className="menubar-label">{item.programName}</span>
                          <ShortKeyBadge shortKey={item.shortKey} />
                        </a>
                      </li>
                    );
                  })}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
