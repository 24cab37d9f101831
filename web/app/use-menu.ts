import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useLocation } from 'react-router';
import { topMenuQuery, useTopMenu } from './api/top-menu';
import { groupMenu } from '../shared/menu-tree';
import { useSession } from '../shared/session-store';

/**
 * The top menu, loaded again whenever the session's reload.menu flag toggles (docs/product/site.md#top-menu), and asked
 * for again on every route change: the answer has an ETag, so an unchanged menu costs a 304 and a
 * menu an admin just saved reaches every open browser on its next click.
 */
export function useMenu() {
  const flag = useSession().reload.menu;
  const client = useQueryClient();
  const first = useRef(true);
  const { pathname } = useLocation();
  const lastPath = useRef(pathname);
  useEffect(() => {
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    void client.invalidateQueries({ queryKey: topMenuQuery().queryKey });
  }, [pathname, client]);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void client.invalidateQueries({ queryKey: topMenuQuery().queryKey });
  }, [flag, client]);
  const { data } = useTopMenu();
  const entries = useMemo(() => data ?? [], [data]);
  const groups = useMemo(() => groupMenu(entries), [entries]);
  return { entries, groups };
}
