// The dark-mode choice: a header button with a small menu, and a three-way group in the drawer.
// The header menu also holds the 큰 글씨 switch; the drawer has its own (text-size-toggle.tsx).
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useRef } from 'react';
import { ko } from '../i18n/ko';
import { setLargeText, useLargeText } from './text-size';
import { setTheme, THEME_CHOICES, type ThemeChoice, useTheme } from './theme';

const LARGE_TEXT_ITEM = 'large-text-item';

const ICON: Record<ThemeChoice, string> = { system: 'pi pi-desktop', light: 'pi pi-sun', dark: 'pi pi-moon' };

export function ThemeMenuButton() {
  const choice = useTheme();
  const menu = useRef<Menu>(null);
  const label = ko.theme.current(ko.theme[choice]);
  const items = THEME_CHOICES.map((value) => ({
    label: ko.theme[value],
    icon: ICON[value],
    className: value === choice ? 'theme-item is-current' : 'theme-item',
    command: () => setTheme(value),
  }));
  const large = useLargeText();
  const textItems: MenuItem[] = [
    { separator: true },
    { id: LARGE_TEXT_ITEM, label: ko.theme.largeText, icon: large ? 'pi pi-check-square' : 'pi pi-stop', command: () => setLargeText(!large) },
  ];
  return (
    <>
      <button
        type="button"
        className="icon-link theme-button"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-controls="theme-menu"
        onClick={(event) => menu.current?.toggle(event)}
      >
        <i className={ICON[choice]} aria-hidden="true" />
      </button>
      <Menu
        model={[...items, ...textItems]}
        popup
        ref={menu}
        id="theme-menu"
        aria-label={ko.theme.label}
        // PrimeReact names every item a menuitem; 큰 글씨 is an on/off item whose state is announced.
        pt={{ menuitem: (options) => (options?.context.item.id === LARGE_TEXT_ITEM ? { role: 'menuitemcheckbox', 'aria-checked': large } : {}) }}
      />
    </>
  );
}

export function ThemeChoiceGroup() {
  const choice = useTheme();
  return (
    <div className="theme-choices" role="group" aria-label={ko.theme.label}>
      {THEME_CHOICES.map((value) => (
        <button key={value} type="button" className="theme-choice" aria-pressed={value === choice} onClick={() => setTheme(value)}>
          <i className={ICON[value]} aria-hidden="true" /> {ko.theme[value]}
        </button>
      ))}
    </div>
  );
}
