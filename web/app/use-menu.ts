import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { topMenuQuery, useTopMenu } from './api/top-menu';
import { groupMenu } from './menu-tree';
import { useSession } from './session-store';

/** The top menu, loaded again whenever the session's reload.menu flag toggles (SPEC §3). */
export function useMenu() {
  const flag = useSession().reload.menu;
  const client = useQueryClient();
  const first = useRef(true);
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
