// My-info's "2단계 인증" (/user/two-step/settings, docs/product/sign-in.md#two-step-sign-in): turn it on
// (password again, QR code and key, the first code, recovery codes shown once), renew the
// recovery codes, turn it off (password and a current code). The admin gate leads here too.
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { useState, type FormEvent } from 'react';
import type { TotpSetup } from '../../../common/api/two-step';
import { Link } from 'react-router';
import { useSessionInfo } from '../../shared/api/session-info';
import { refreshSession } from '../../shared/session-actions';
import { useSessionUser } from '../../shared/session-store';
import { useDocumentTitle } from '../../ui/document-title';
import { LiteButton } from '../../ui/lite-button';
import { toast } from '../../ui/toast-store';
import { twoStepKey, useDisable, useEnable, useReauth, useRenew, useSetup, useTwoStepStatus } from './api';
import { RecoveryCodesView } from './recovery-codes';
import { koTwoStep as k } from './texts';
import './two-step.css';

function PasswordField({ id, value, onChange }: { id: string; value: string; onChange: (v: string) => void }) {
  return (
    <div className="field">
      <label htmlFor={id}>{k.password}</label>
      <Password inputId={id} value={value} onChange={(e) => onChange(e.target.value)} feedback={false} toggleMask autoComplete="current-password" />
    </div>
  );
}

function CodeField({ id, value, onChange, label = k.code }: { id: string; value: string; onChange: (v: string) => void; label?: string }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <InputText id={id} value={value} onChange={(e) => onChange(e.target.value)} autoComplete="one-time-code" inputMode="numeric" maxLength={20} className="two-step-code" />
    </div>
  );
}

/** Turning it on: the password, then the QR code and the first code. */
function TurnOn({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const [password, setPassword] = useState('');
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState('');
  const reauth = useReauth();
  const start = useSetup();
  const enable = useEnable();

  const begin = async (e: FormEvent) => {
    e.preventDefault();
    if (!password) return toast.info(k.passwordFirst);
    await reauth.mutateAsync(password);
    setPassword('');
    setSetup(await start.mutateAsync());
  };
  const finish = (e: FormEvent) => {
    e.preventDefault();
    enable.mutate(code.replace(/\s+/g, ''), { onSuccess: (r) => onCodes(r.recoveryCodes), onError: () => setCode('') });
  };

  if (!setup) {
    return (
      <form className="two-step-form" onSubmit={(e) => void begin(e).catch(() => undefined)} noValidate>
        <p>{k.passwordFirst}</p>
        <PasswordField id="two-step-on-password" value={password} onChange={setPassword} />
        <Button type="submit" label={k.next} icon="pi pi-arrow-right" loading={reauth.isPending || start.isPending} />
      </form>
    );
  }
  return (
    <form className="two-step-form" onSubmit={finish} noValidate>
      <p>{k.scan}</p>
      <img className="two-step-qr" src={setup.qr} alt={k.qrAlt} width={240} height={240} />
      <p className="two-step-sub">{k.orType}</p>
      <div className="two-step-secret">
        <span className="visually-hidden">{k.secret}: </span>
        <code>{setup.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
        <LiteButton
          outlined
          small
          icon="pi pi-copy"
          label={k.copy}
          onClick={() => void navigator.clipboard.writeText(setup.secret).then(() => toast.success(k.copied))}
        />
      </div>
      <p>{k.enterCode}</p>
      <CodeField id="two-step-on-code" value={code} onChange={setCode} />
      <Button type="submit" label={k.turnOn} icon="pi pi-check" loading={enable.isPending} />
    </form>
  );
}

/** When it is on: new recovery codes, or turning it off. */
function WhenOn({ onCodes, onOff }: { onCodes: (codes: string[]) => void; onOff: () => void }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [renewPassword, setRenewPassword] = useState('');
  const disable = useDisable();
  const renew = useRenew();
  return (
    <>
      <form
        className="two-step-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          renew.mutate(renewPassword, { onSuccess: (r) => onCodes(r.recoveryCodes) });
          setRenewPassword('');
        }}
      >
        <h2>{k.renew}</h2>
        <p>{k.renewIntro}</p>
        <PasswordField id="two-step-renew-password" value={renewPassword} onChange={setRenewPassword} />
        <Button type="submit" outlined label={k.renew} icon="pi pi-refresh" loading={renew.isPending} />
      </form>
      <form
        className="two-step-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          disable.mutate({ password, code: code.replace(/\s+/g, '') }, { onSuccess: onOff, onSettled: () => setCode('') });
          setPassword('');
        }}
      >
        <h2>{k.turnOff}</h2>
        <p>{k.turnOffIntro}</p>
        <PasswordField id="two-step-off-password" value={password} onChange={setPassword} />
        <CodeField id="two-step-off-code" value={code} onChange={setCode} />
        <Button type="submit" severity="danger" label={k.turnOff} icon="pi pi-times" loading={disable.isPending} />
      </form>
    </>
  );
}

export default function TwoStepSettingsPage() {
  useDocumentTitle(k.settingsTitle);
  const user = useSessionUser();
  const status = useTwoStepStatus(user.logined);
  const queryClient = useQueryClient();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [turningOn, setTurningOn] = useState(false);
  const info = useSessionInfo();
  // The admin gate (/system sends an administrator here until the sign-in passed a second step).
  const gate = info.data?.secondStep === 'needed';
  const [wasGate, setWasGate] = useState(false);
  if (gate && !wasGate) setWasGate(true);
  const reload = () => queryClient.invalidateQueries({ queryKey: twoStepKey });

  let body;
  if (!user.logined) body = <p className="notice">{k.signInFirst}</p>;
  else if (codes) body = <RecoveryCodesView codes={codes} onDone={() => setCodes(null)} />;
  else if (!status.data) body = <p role="status">…</p>;
  else if (status.data.enabled) {
    body = (
      <>
        <p className="two-step-state is-on">
          <i className="pi pi-shield" aria-hidden="true" /> {k.on} {k.left(status.data.recoveryLeft)}
        </p>
        <WhenOn
          onCodes={(c) => {
            setCodes(c);
            void reload();
          }}
          onOff={() => {
            toast.success(k.turnedOff);
            void reload();
            void refreshSession();
          }}
        />
      </>
    );
  } else {
    body = (
      <>
        <p className="two-step-state">{k.off}</p>
        {turningOn ? (
          <TurnOn
            onCodes={(c) => {
              toast.success(k.turnedOn);
              setTurningOn(false);
              setCodes(c);
              void reload();
              // An administrator's sign-in has passed its second step now: the admin pages open.
              void refreshSession();
              void queryClient.invalidateQueries({ queryKey: ['session', 'info'] });
            }}
          />
        ) : (
          <LiteButton icon="pi pi-shield" label={k.start} onClick={() => setTurningOn(true)} />
        )}
      </>
    );
  }
  return (
    <section className="two-step-page">
      <h1>{gate ? k.gateTitle : k.settingsTitle}</h1>
      {gate ? (
        <div className="two-step-gate" role="note">
          <p>
            <i className="pi pi-shield" aria-hidden="true" /> {k.gateIntro}
          </p>
          <p>{k.gateSetup}</p>
          <p className="two-step-sub">{k.gatePasskey}</p>
        </div>
      ) : (
        <p className="two-step-sub">{k.settingsIntro}</p>
      )}
      {body}
      {wasGate && !gate && info.data?.admin && (
        <Link to="/system" className="p-button p-component p-button-outlined two-step-go">
          <span className="p-button-label">{k.toAdmin}</span>
        </Link>
      )}
    </section>
  );
}
