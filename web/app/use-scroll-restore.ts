// docs/product/site.md#navigation-and-keyboard: navigation scrolls to the top; back/forward restores the saved position after 300 ms.
import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { SCROLL_RESTORE_MS } from '../../common/constants';

const positions = new Map<string, number>();

export function useScrollRestore() {
  const location = useLocation();
  const type = useNavigationType();

  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  }, []);

  // Remember where this entry was scrolled to, right up to the moment it is left (a layout
  // effect, so the next page's first scroll events are not filed under this entry).
  useLayoutEffect(() => {
    const key = location.key;
    const save = () => positions.set(key, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => {
      window.removeEventListener('scroll', save);
    };
  }, [location.key]);

  useLayoutEffect(() => {
    if (type !== 'POP') {
      window.scrollTo(0, 0);
      return;
    }
    const y = positions.get(location.key);
    if (y === undefined) return;
    const timer = setTimeout(() => window.scrollTo(0, y), SCROLL_RESTORE_MS);
    return () => clearTimeout(timer);
  }, [location.key, type]);
}
