import { useSyncExternalStore } from 'react';
import { MENU_BREAKPOINT_PX } from '../../common/constants';

export function useMedia(query: string): boolean {
  return useSyncExternalStore(
    (cb) => {
      const m = window.matchMedia(query);
      m.addEventListener('change', cb);
      return () => m.removeEventListener('change', cb);
    },
    () => window.matchMedia(query).matches,
    () => true,
  );
}

/** docs/product/site.md#top-menu: the horizontal menu from 960px, the drawer below. */
export const useWideScreen = () => useMedia(`(min-width: ${MENU_BREAKPOINT_PX}px)`);
