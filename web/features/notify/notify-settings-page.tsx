// notifySettings (/notify/settings, docs/product/notifications.md): per kind a switch per channel
// (mail only when the site sends mail and the address is verified), quiet hours and the daily
// digest, saved at once with 저장. This device's push on/off sits at the top. Visitors are asked
// to log in.
import { type FormEvent, useId, useState } from 'react';
import type { NotifyKindSetting, NotifySettings } from '../../../common/api/notify';
import { loginPopup } from '../../shared/login-popup-store';
import { useSessionUser } from '../../shared/session-store';
import { useDocumentTitle } from '../../ui/document-title';
import { LiteButton } from '../../ui/lite-button';
import { toast } from '../../ui/toast-store';
import { useNotifySettings, useSaveNotifySettings } from './api/settings';
import { PushDeviceSettings } from './push-device';
import '../../ui/switch.css';
import './notify.css';
import { koNotify } from './texts';

const n = koNotify;

/** A switch whose whole label is the target (44 px tall). */
function Switch({ checked, onChange, label, hidden, disabled }: { checked: boolean; onChange: (on: boolean) => void; label: string; hidden?: string; disabled?: boolean }) {
  return (
    <label className={disabled ? 'club-switch notify-switch is-disabled' : 'club-switch notify-switch'}>
      <input type="checkbox" role="switch" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      <span className="notify-switch-text">
        {hidden && <span className="visually-hidden">{hidden} </span>}
        {label}
      </span>
    </label>
  );
}

function SettingsForm({ initial }: { initial: NotifySettings }) {
  const save = useSaveNotifySettings();
  const ids = useId();
  const [kinds, setKinds] = useState<NotifyKindSetting[]>(initial.kinds);
  const [quietHours, setQuietHours] = useState(initial.quietHours);
  const [quietStart, setQuietStart] = useState(initial.quietStart);
  const [quietEnd, setQuietEnd] = useState(initial.quietEnd);
  const [digest, setDigest] = useState(initial.digest);
  const [quietError, setQuietError] = useState<string | undefined>();
  const mail = initial.available.mail;

  const setKind = (kind: string, channel: 'push' | 'email', on: boolean) =>
    setKinds((list) => list.map((k) => (k.kind === kind ? { ...k, [channel]: on } : k)));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (quietHours && quietStart === quietEnd) {
      setQuietError(n.quietSame);
      document.getElementById(`${ids}-end`)?.focus();
      return;
    }
    setQuietError(undefined);
    save.mutate({ kinds, quietHours, quietStart, quietEnd, digest }, { onSuccess: () => toast.success(n.saved) });
  };

  return (
    <form className="notify-form" onSubmit={submit} noValidate>
      <fieldset className="notify-group">
        <legend>{n.kindsTitle}</legend>
        <p className="notify-hint">{n.pushHint}</p>
        {initial.available.mailConfigured && !mail && (
          <p className="notify-hint notify-mail-off">
            <i className="pi pi-envelope" aria-hidden="true" /> {n.mailOffUnverified}
          </p>
        )}
        <ul className="notify-kinds">
          {kinds.map((k) => (
            <li key={k.kind} className="notify-kind">
              <span className="notify-kind-name" id={`${ids}-${k.kind}`}>
                {n.kind[k.kind]}
              </span>
              <span className="notify-kind-switches">
                <Switch checked={k.push} onChange={(on) => setKind(k.kind, 'push', on)} label={n.push} hidden={n.kind[k.kind]} />
                {mail && <Switch checked={k.email} onChange={(on) => setKind(k.kind, 'email', on)} label={n.email} hidden={n.kind[k.kind]} />}
              </span>
            </li>
          ))}
        </ul>
      </fieldset>

      <fieldset className="notify-group">
        <legend>{n.quietTitle}</legend>
        <Switch checked={quietHours} onChange={setQuietHours} label={n.quietSwitch} />
        <p className="notify-hint" id={`${ids}-quiet-hint`}>
          {n.quietHint}
        </p>
        <div className="notify-times">
          <label className="notify-time" htmlFor={`${ids}-start`}>
            <span>{n.quietStart}</span>
            <input
              id={`${ids}-start`}
              type="time"
              className="p-inputtext p-component"
              value={quietStart}
              disabled={!quietHours}
              required
              aria-describedby={`${ids}-quiet-hint`}
              onChange={(e) => setQuietStart(e.target.value || quietStart)}
            />
          </label>
          <span aria-hidden="true">~</span>
          <label className="notify-time" htmlFor={`${ids}-end`}>
            <span>{n.quietEnd}</span>
            <input
              id={`${ids}-end`}
              type="time"
              className={quietError ? 'p-inputtext p-component p-invalid' : 'p-inputtext p-component'}
              value={quietEnd}
              disabled={!quietHours}
              required
              aria-invalid={quietError ? true : undefined}
              aria-describedby={quietError ? `${ids}-quiet-error` : `${ids}-quiet-hint`}
              onChange={(e) => setQuietEnd(e.target.value || quietEnd)}
            />
          </label>
        </div>
        {quietError && (
          <small id={`${ids}-quiet-error`} className="field-error" role="alert">
            <i className="pi pi-exclamation-circle" aria-hidden="true" /> {quietError}
          </small>
        )}
      </fieldset>

      {mail && (
        <fieldset className="notify-group">
          <legend>{n.digestTitle}</legend>
          <Switch checked={digest} onChange={setDigest} label={n.digestSwitch} />
        </fieldset>
      )}

      <div className="notify-actions">
        <LiteButton type="submit" icon="pi pi-check" label={n.save} loading={save.isPending} />
      </div>
    </form>
  );
}

export default function NotifySettingsPage() {
  useDocumentTitle(n.title);
  const user = useSessionUser();
  const settings = useNotifySettings(user.logined);

  let body;
  if (!user.logined) {
    body = (
      <p className="list-state">
        <i className="pi pi-lock" aria-hidden="true" /> {n.loginPrompt}{' '}
        <LiteButton label={n.login} icon="pi pi-sign-in" small outlined onClick={() => loginPopup.open()} />
      </p>
    );
  } else if (settings.isPending) {
    body = (
      <p className="list-state" role="status">
        <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {n.loading}
      </p>
    );
  } else if (settings.isError || !settings.data) {
    body = (
      <p className="list-state" role="alert">
        <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {settings.error?.message || n.loadFailed}{' '}
        <LiteButton label={n.retry} icon="pi pi-refresh" small outlined onClick={() => void settings.refetch()} />
      </p>
    );
  } else {
    body = <SettingsForm initial={settings.data} />;
  }

  return (
    <section className="notify-page">
      <h1>{n.title}</h1>
      <p className="lead">{n.intro}</p>
      {user.logined && <PushDeviceSettings />}
      {body}
    </section>
  );
}
