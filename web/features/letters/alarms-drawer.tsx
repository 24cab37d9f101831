// The alarms drawer 신규 알람 (docs/product/letters.md#unread-drawers): on the right, 20rem, layer 999. Each alarm links to its
// post (or market item), says which by its subject, and is read when opened; 모두 지우기 reads them all.
import { AppDrawer } from '../../ui/app-drawer';
import { Link } from 'react-router';
import type { Alarm } from '../../../common/api/alarms';
import { LAYER } from '../../../common/constants';
import { formatPostDate } from '../../ui/list-date';
import { LiteButton } from '../../ui/lite-button';
import { toast } from '../../ui/toast-store';
import { useClearAlarms, useReadAlarm } from './api/alarm-read';
import { useAlarmList } from './api/alarm-list';
import { DrawerState } from './drawer-state';
import './letters.css';
import { boardViewPath, marketViewPath } from '../../shared/paths';
import { koLetters } from './texts';

const l = koLetters;

export const alarmPath = (a: Pick<Alarm, 'boardId' | 'articleKey'>) =>
  a.boardId === 'market' ? marketViewPath(a.articleKey) : boardViewPath(a.boardId, a.articleKey);

const KIND_ICON: Record<string, string> = {
  comment: 'pi pi-comment',
  reply: 'pi pi-reply',
  mention: 'pi pi-at',
  login_failed: 'pi pi-shield',
  report: 'pi pi-flag',
  reset_failed: 'pi pi-shield',
  reaction: 'pi pi-heart',
  market_alert: 'pi pi-tag',
  market_wanted: 'pi pi-search',
};

/** Alarms about the account (failed logins or reset answers from elsewhere) have no post to open. */
const aboutAccount = (a: Alarm) => a.boardId === '';

function AlarmText({ a }: { a: Alarm }) {
  return (
    <>
      <i className={KIND_ICON[a.kind] ?? 'pi pi-bell'} aria-hidden="true" />
      <span className="alarm-text">
        <span className="alarm-content">{a.content}</span>
        {a.subject && <span className="alarm-subject">{a.subject}</span>}
        <span className="alarm-meta">
          {aboutAccount(a) ? l.alarmAccount : a.boardName} · <time dateTime={a.regDate}>{formatPostDate(a.regDate)}</time>
        </span>
      </span>
    </>
  );
}

export default function AlarmsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const list = useAlarmList(open);
  const read = useReadAlarm();
  const clear = useClearAlarms();
  const items = list.data ?? [];

  let body;
  if (list.isPending || items.length === 0) {
    body = <DrawerState loading={list.isPending} icon="pi pi-bell" loadingText={l.alarmsLoading} emptyText={l.alarmsEmpty} />;
  } else {
    body = (
      <ul className="alarm-list" aria-label={l.alarmsTitle}>
        {items.map((a) => (
          <li key={a.alarmKey}>
            {aboutAccount(a) ? (
              // Nothing to open: pressing it marks it read.
              <button type="button" className="alarm-link" onClick={() => read.mutate({ alarmKey: a.alarmKey })}>
                <AlarmText a={a} />
              </button>
            ) : (
              <Link
                to={alarmPath(a)}
                className="alarm-link"
                onClick={() => {
                  read.mutate({ alarmKey: a.alarmKey });
                  onClose();
                }}
              >
                <AlarmText a={a} />
              </Link>
            )}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <AppDrawer
      visible={open}
      onHide={onClose}
      position="right"
      baseZIndex={LAYER.drawer}
      style={{ width: '20rem', maxWidth: '92vw' }}
      header={<h2 className="drawer-title">{l.alarmsTitle}</h2>}
      className="unread-drawer alarms-drawer"
    >
      {items.length > 0 && (
        <LiteButton
          small
          outlined
          icon="pi pi-eraser"
          label={l.clearAlarms}
          className="drawer-go"
          loading={clear.isPending}
          onClick={() => clear.mutate(undefined, { onSuccess: () => toast.success(l.alarmsCleared) })}
        />
      )}
      {body}
    </AppDrawer>
  );
}
