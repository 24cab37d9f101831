// Header indicators (docs/product/letters.md#unread-indicators): a mail icon when /api/letter/arrival and a bell when
// /api/letter/alarm answer more than 0; asked on first load and after every route change while
// logged in, and every minute while the tab is visible (decision 12) unless the live stream is
// connected (decision 35: it brings the counts at once). Errors stay silent.
// Clicking opens the drawer, whose code loads then. On the first-load path: kept tiny.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { formatNumber } from '../../common/format';
import { useAlarmCount } from '../features/letters/api/alarm-count';
import { useArrival } from '../features/letters/api/arrival';
import { alarmKeys, letterKeys } from '../features/letters/api/keys';
import { ko } from '../i18n/ko';
import { unreadDrawer } from '../shared/unread-drawer-store';
import { useLiveConnected } from '../shared/live-store';

const POLL_MS = 60_000;

/**
 * The badge shows the count; the button's name is the sentence that contains it ("신규 쪽지 2통"),
 * as text a screen reader reads rather than an aria-label that differs from what is seen.
 */
function Indicator({ count, icon, label, onClick }: { count: number | undefined; icon: string; label: string; onClick: () => void }) {
  if (!count || count <= 0) return null;
  return (
    <button type="button" className="icon-link unread-indicator" title={label} onClick={onClick}>
      <i className={icon} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
      <span className="unread-count" aria-hidden="true">
        {count > 99 ? '99+' : formatNumber(count)}
      </span>
    </button>
  );
}

export function UnreadIndicators() {
  const client = useQueryClient();
  const { pathname } = useLocation();
  const live = useLiveConnected();
  const letters = useArrival(true, live ? false : POLL_MS);
  const alarms = useAlarmCount(true, live ? false : POLL_MS);
  const first = useRef(true);

  useEffect(() => {
    // The first load asks by itself; every later route change asks again.
    if (first.current) {
      first.current = false;
      return;
    }
    if (live) return;
    void client.invalidateQueries({ queryKey: letterKeys.arrival });
    void client.invalidateQueries({ queryKey: alarmKeys.count });
  }, [pathname, client]); // eslint-disable-line react-hooks/exhaustive-deps

  const l = ko.header;
  return (
    <>
      <Indicator count={letters.data} icon="pi pi-envelope" label={l.newLetters(formatNumber(letters.data ?? 0))} onClick={() => unreadDrawer.open('letters')} />
      <Indicator count={alarms.data} icon="pi pi-bell" label={l.newAlarms(formatNumber(alarms.data ?? 0))} onClick={() => unreadDrawer.open('alarms')} />
    </>
  );
}
