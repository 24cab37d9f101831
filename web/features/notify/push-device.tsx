// This device's push switch (이 기기에서 알림 받기 / 이 기기 알림 끄기) and the member's devices, for
// the notification settings screen. The browser's permission prompt comes only from the tap on
// the switch, never when the screen opens. States: checking, unsupported (or iPhone without the
// home-screen app), permission denied (with how to allow it), on, off.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PushDevice } from '../../../common/api/push';
import { formatPostDate } from '../../ui/list-date';
import { LiteButton } from '../../ui/lite-button';
import { toast } from '../../ui/toast-store';
import { browserSubscription, PushSetupError, pushSupport, turnOff, turnOn, usePushDevices, useRemovePushDevice, useTestPush } from './push-api';
import './push-device.css';
import { koPush } from './push-texts';

const p = koPush;

type BrowserState = { kind: 'checking' } | { kind: 'unsupported' | 'install-first' } | { kind: 'ready'; permission: NotificationPermission; endpoint: string | undefined };

/** What this browser says now (support, permission, its subscription); asked again after each change. */
function useBrowserState() {
  const query = useQuery({
    queryKey: ['push', 'browser'],
    queryFn: async (): Promise<BrowserState> => {
      const support = pushSupport();
      if (support !== 'supported') return { kind: support };
      const sub = await browserSubscription().catch(() => null);
      return { kind: 'ready', permission: Notification.permission, endpoint: sub?.endpoint };
    },
    staleTime: 0,
    retry: false,
  });
  return [query.data ?? { kind: 'checking' }, query.refetch] as const;
}

function DeniedHelp() {
  return (
    <div className="push-denied" role="status">
      <p>
        <i className="pi pi-ban" aria-hidden="true" /> <strong>{p.deniedTitle}</strong>
      </p>
      <ul>
        {p.deniedSteps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ul>
      <p>{p.deniedAfter}</p>
    </div>
  );
}

function DeviceList({ devices }: { devices: PushDevice[] }) {
  const remove = useRemovePushDevice();
  if (devices.length === 0) return <p className="push-empty">{p.devicesEmpty}</p>;
  return (
    <ul className="push-devices">
      {devices.map((d) => (
        <li key={d.id} className="push-device-row">
          <span className="push-device-text">
            <span className="push-device-name">
              {d.device}
              {d.current && <span className="push-device-here">{p.thisDevice}</span>}
            </span>
            <span className="push-device-dates">
              {p.added} {formatPostDate(d.createdAt)} · {p.lastSent} {d.lastSentAt ? formatPostDate(d.lastSentAt) : p.never}
            </span>
          </span>
          <LiteButton
            label={p.remove}
            icon="pi pi-trash"
            outlined
            aria-label={p.removeLabel(d.device)}
            loading={remove.isPending && remove.variables?.id === d.id}
            onClick={() => remove.mutate(d, { onSuccess: () => toast.success(p.removed) })}
          />
        </li>
      ))}
    </ul>
  );
}

/** The switch and the device list; shown to members only (the page asks visitors to log in). */
export function PushDeviceSettings() {
  const [state, refresh] = useBrowserState();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | undefined>();
  const ready = state.kind === 'ready';
  // Other devices can be removed from any browser, one without push too.
  const listed = state.kind !== 'checking';
  const devices = usePushDevices(listed, ready ? state.endpoint : undefined);
  const test = useTestPush();
  const on = ready && state.permission === 'granted' && !!devices.data?.some((d) => d.current);

  const enable = () => {
    setBusy(true);
    setNotice(undefined);
    // turnOn asks for the permission first thing, inside this tap.
    turnOn()
      .then((permission) => {
        if (permission === 'granted') toast.success(p.turnedOn);
        else if (permission === 'default') setNotice(p.dismissed);
      })
      .catch((e: unknown) => setNotice(e instanceof PushSetupError ? p.noWorker : e instanceof Error && e.name === 'ApiError' ? e.message : p.failed))
      .finally(() => {
        setBusy(false);
        void refresh();
        void devices.refetch();
      });
  };
  const disable = () => {
    setBusy(true);
    setNotice(undefined);
    turnOff()
      .then(() => toast.success(p.turnedOff))
      .catch(() => setNotice(p.failed))
      .finally(() => {
        setBusy(false);
        void refresh();
        void devices.refetch();
      });
  };
  const sendTest = () =>
    test.mutate(undefined, { onSuccess: (r) => (r.queued > 0 ? toast.success(p.testSent) : toast.info(p.testNone)), onSettled: () => void devices.refetch() });

  let control;
  if (state.kind === 'checking') {
    control = (
      <p className="push-state" role="status">
        <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {p.checking}
      </p>
    );
  } else if (state.kind !== 'ready') {
    control = (
      <p className="push-state">
        <i className="pi pi-info-circle" aria-hidden="true" /> {state.kind === 'install-first' ? p.installFirst : p.unsupported}
      </p>
    );
  } else if (state.permission === 'denied') {
    control = <DeniedHelp />;
  } else {
    control = (
      <>
        <p className="push-state" aria-live="polite">
          <i className={on ? 'pi pi-bell' : 'pi pi-bell-slash'} aria-hidden="true" /> {on ? p.on : p.off}
        </p>
        <div className="push-actions">
          {on ? (
            <LiteButton label={p.turnOff} icon="pi pi-bell-slash" outlined loading={busy} onClick={disable} />
          ) : (
            <LiteButton label={p.turnOn} icon="pi pi-bell" loading={busy || (devices.isPending && devices.fetchStatus !== 'idle')} onClick={enable} />
          )}
          {on && <LiteButton label={p.test} icon="pi pi-send" text loading={test.isPending} onClick={sendTest} />}
        </div>
        {notice && (
          <p className="push-notice" role="alert">
            <i className="pi pi-exclamation-circle" aria-hidden="true" /> {notice}
          </p>
        )}
      </>
    );
  }

  return (
    <section className="push-settings" aria-labelledby="push-settings-title">
      <h2 id="push-settings-title">{p.title}</h2>
      {control}
      {listed && (
        <div className="push-devices-box">
          <h3>{p.devicesTitle}</h3>
          {devices.isPending ? (
            <p className="push-state" role="status">
              <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {p.devicesLoading}
            </p>
          ) : devices.isError ? (
            <p className="push-state" role="alert">
              {p.devicesFailed} <LiteButton label={p.retry} icon="pi pi-refresh" small outlined onClick={() => void devices.refetch()} />
            </p>
          ) : (
            <DeviceList devices={devices.data} />
          )}
        </div>
      )}
    </section>
  );
}

export default PushDeviceSettings;
