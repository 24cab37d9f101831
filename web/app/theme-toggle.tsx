// The dark-mode choice: a header button with a small menu, and a three-way group in the drawer.
import { Menu } from 'primereact/menu';
import { useRef } from 'react';
import { ko } from '../i18n/ko';
import { setTheme, THEME_CHOICES, type ThemeChoice, useTheme } from './theme';

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
      <Menu model={items} popup ref={menu} id="theme-menu" aria-label={ko.theme.label} />
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
