// userNiceCheck (/user/nice/check): starts a real-name verification. The sandbox shows a clearly
// labelled simulated screen; an external provider (NICE) gets its form submitted at once.
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { RadioButton } from 'primereact/radiobutton';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { type AutoSubmitForm, type IdentityStartResult, SandboxCompleteForm } from '../../../common/api/identity';
import { firstIssue } from '../../../common/validation';
import { ApiError } from '../../api/call';
import { loginPopup } from '../../shared/login-popup-store';
import { useSessionUser } from '../../shared/session-store';
import { ko } from '../../i18n/ko';
import { useDocumentTitle } from '../../ui/document-title';
import { toast } from '../../ui/toast-store';
import { useSandboxComplete } from './api/sandbox-complete';
import { useIdentityStart } from './api/start';
import './identity.css';
import { koIdentity } from './texts';

type View =
  | { kind: 'starting' }
  | { kind: 'loggedOut' }
  | { kind: 'verified' }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; start: IdentityStartResult };

function viewOf(start: ReturnType<typeof useIdentityStart>): View {
  if (start.data && !start.isPending) return { kind: 'ready', start: start.data };
  const e = start.error;
  if (!e || start.isPending) return { kind: 'starting' };
  if (e instanceof ApiError && e.status === 401) return { kind: 'loggedOut' };
  if (e instanceof ApiError && e.status === 400) return { kind: 'verified' };
  return { kind: 'error', message: e instanceof ApiError ? e.message : ko.error.generic };
}

export default function UserNiceCheckPage() {
  useDocumentTitle(ko.pages.userNiceCheck);
  const user = useSessionUser();
  const start = useIdentityStart();
  const view = viewOf(start);
  // One request per visit; after a 401, one more once the member has logged in here.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start.mutate();
    // Runs once on arrival; mutate is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (view.kind === 'loggedOut' && user.logined) start.mutate();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view.kind, user.logined]);

  return (
    <section className="identity-page">
      <h1>{ko.pages.userNiceCheck}</h1>
      {view.kind === 'starting' && (
        <p role="status" className="lead">
          <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {koIdentity.starting}
        </p>
      )}
      {view.kind === 'loggedOut' && (
        <div className="notice notice-info" role="status">
          <p className="notice-message">{koIdentity.loggedOut}</p>
          <p className="notice-actions">
            <Button type="button" icon="pi pi-sign-in" label={ko.message.login} onClick={() => loginPopup.open()} />
            <Link to="/">{ko.common.goHome}</Link>
          </p>
        </div>
      )}
      {view.kind === 'verified' && (
        <div className="notice notice-info" role="status">
          <i className="pi pi-verified notice-icon" aria-hidden="true" />
          <p className="notice-message">{koIdentity.alreadyVerified}</p>
          <p className="notice-actions">
            <Link to="/">{ko.common.goHome}</Link>
          </p>
        </div>
      )}
      {view.kind === 'error' && (
        <div className="notice notice-error" role="alert">
          <p className="notice-message">{view.message}</p>
          <p className="notice-actions">
            <Link to="/">{ko.common.goHome}</Link>
          </p>
        </div>
      )}
      {view.kind === 'ready' && view.start.form && <ProviderForm form={view.start.form} />}
      {view.kind === 'ready' && !view.start.form && <SandboxScreen requestId={view.start.requestId} />}
    </section>
  );
}

/** The provider's window is opened by submitting its form at once (a button if that is blocked). */
function ProviderForm({ form }: { form: AutoSubmitForm }) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    ref.current?.submit();
  }, [form]);
  return (
    <form ref={ref} action={form.action} method={form.method}>
      {Object.entries(form.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <p role="status" className="lead">
        {koIdentity.redirecting}
      </p>
      <Button type="submit" label={koIdentity.redirectButton} icon="pi pi-external-link" />
    </form>
  );
}

function SandboxScreen({ requestId }: { requestId: string }) {
  const complete = useSandboxComplete();
  const [name, setName] = useState('');
  const [birth, setBirth] = useState('');
  const [outcome, setOutcome] = useState<'success' | 'fail'>('success');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (complete.isPending) return;
    const parsed = SandboxCompleteForm.safeParse({ requestId, name, birth, outcome });
    if (!parsed.success) {
      toast.info(firstIssue(parsed.error));
      return;
    }
    complete.mutate(parsed.data, {
      // The return address checks the signed result and sends the browser on to success or fail.
      onSuccess: ({ returnUrl }) => window.location.assign(returnUrl),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="form-card identity-sandbox" aria-labelledby="identity-sandbox-title">
      <div className="identity-sandbox-banner">
        <h2 id="identity-sandbox-title" className="identity-sandbox-title">
          <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {koIdentity.sandboxTitle}
        </h2>
      </div>
      <p className="field-hint">{koIdentity.sandboxIntro}</p>
      <div className="field">
        <label htmlFor="identity-name">{koIdentity.name}</label>
        <InputText
          id="identity-name"
          name="name"
          autoComplete="off"
          value={name}
          onChange={(e) => setName(e.target.value)}
          aria-describedby="identity-name-hint"
        />
        <small id="identity-name-hint" className="field-hint">
          {koIdentity.nameHint}
        </small>
      </div>
      <div className="field">
        <label htmlFor="identity-birth">{koIdentity.birth}</label>
        <InputText
          id="identity-birth"
          name="birth"
          inputMode="numeric"
          autoComplete="off"
          maxLength={8}
          value={birth}
          onChange={(e) => setBirth(e.target.value.replace(/\D/g, ''))}
          aria-describedby="identity-birth-hint"
        />
        <small id="identity-birth-hint" className="field-hint">
          {koIdentity.birthHint}
        </small>
      </div>
      <fieldset className="field identity-outcome">
        <legend>{koIdentity.outcome}</legend>
        {(['success', 'fail'] as const).map((value) => (
          <span key={value} className="field-check">
            <RadioButton
              inputId={`identity-outcome-${value}`}
              name="outcome"
              value={value}
              checked={outcome === value}
              onChange={() => setOutcome(value)}
            />
            <label htmlFor={`identity-outcome-${value}`}>{koIdentity[value]}</label>
          </span>
        ))}
      </fieldset>
      <Button type="submit" label={koIdentity.submit} icon="pi pi-check" loading={complete.isPending} className="w-full" />
    </form>
  );
}
