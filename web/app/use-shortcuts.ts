import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { MenuEntry } from '../../common/api/menu';
import { isExternal } from '../shared/menu-tree';
import { isTypingTarget, shortcutTarget } from './shortcuts';

export function useShortcuts(entries: readonly MenuEntry[]) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.repeat) return;
      // Inside an open dialog or drawer the letters belong to it.
      const target = e.target as HTMLElement | null;
      if (target?.closest?.('[role="dialog"],[role="menubar"],[role="menu"]')) return;
      const url = shortcutTarget(
        { key: e.key, ctrlKey: e.ctrlKey, altKey: e.altKey, metaKey: e.metaKey, typing: isTypingTarget(target), pathname },
        entries,
      );
      if (url === null) return;
      e.preventDefault();
      const entry = entries.find((m) => m.url === url);
      if (entry && isExternal(entry)) window.open(url, entry.taget || '_blank', 'noopener');
      else navigate(url);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [entries, navigate, pathname]);
}
