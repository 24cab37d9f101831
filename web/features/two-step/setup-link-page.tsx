// The first administrator's one-time setup link (/user/setup#token, docs/operations.md#first-start):
// the token is taken from the address's `#` part (which no request carries) and spent at once;
// the administrator is signed in, chooses their own password when the site made the first one,
// and goes on to set up the second step. A used or expired link says what to do.
import { Button } from 'primereact/button';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { SetupPasswordForm, type SetupLinkResult } from '../../../common/api/setup-link';
import { ApiError, callAwait } from '../../api/call';
import { twoStepSettingsPath } from '../../shared/paths';
import { SECOND_STEP_PATH, takeNewSession } from '../../shared/session-actions';
import { useDocumentTitle } from '../../ui/document-title';
import { NewPasswordFields } from '../../ui/new-password-fields';
import { toast } from '../../ui/toast-store';
import { useFieldErrors } from '../../ui/use-field-errors';
import { koTwoStep as k } from './texts';
import './two-step.css';

/** One spend per token, whatever React does with the page's effects. */
const spends = new Map<string, Promise<SetupLinkResult>>();
const spend = (token: string) => {
  let p = spends.get(token);
  if (!p) {
    p = callAwait<SetupLinkResult>('/api/auth/setup-link', { data: { token }, silent: true });
    spends.set(token, p);
  }
  return p;
};

/** The administrator's own password, when the site made the first one; then the second step. */
function OwnPassword({ onDone }: { onDone: () => void }) {
  const [v, setV] = useState<SetupPasswordForm>({ password: '', rePassword: '' });
  const [busy, setBusy] = useState(false);
  const fe = useFieldErrors({ password: 'setup-password', rePassword: 'setup-rePassword' });
  const set = (field: keyof SetupPasswordForm) => (e: { target: { value: string } }) => {
    setV((s) => ({ ...s, [field]: e.target.value }));
    fe.clear(field);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const parsed = fe.check(SetupPasswordForm, v);
    if (!parsed) return;
    setBusy(true);
    try {
      const res = await callAwait<{ message: string }>('/api/auth/setup-link/password', { data: parsed });
      toast.success(res.message);
      onDone();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="two-step-form" onSubmit={(e) => void submit(e)} noValidate>
      <p>{k.setupPasswordIntro}</p>
      <NewPasswordFields idPrefix="setup" labels={{ password: k.setupPassword, rePassword: k.setupRePassword }} values={v} onChange={set} fe={fe} autoFocus meter={false} />
      <Button type="submit" label={k.setupPasswordSave} icon="pi pi-arrow-right" loading={busy} />
    </form>
  );
}

export default function SetupLinkPage() {
  useDocumentTitle(k.setupTitle);
  const navigate = useNavigate();
  const [token] = useState(() => window.location.hash.slice(1));
  const [state, setState] = useState<'working' | 'password' | { error: string }>(token ? 'working' : { error: k.setupNoToken });

  useEffect(() => {
    if (!token) return;
    // The token leaves the address bar (and the history) at once.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    let live = true;
    spend(token)
      .then(async (res) => {
        if (!live) return;
        if (res.secondStep === 'totp') {
          window.location.assign(SECOND_STEP_PATH);
          return;
        }
        await takeNewSession();
        if (res.setPassword) setState('password');
        else {
          toast.success(k.setupSignedIn);
          void navigate(twoStepSettingsPath, { replace: true });
        }
      })
      .catch((e: unknown) => {
        if (live) setState({ error: e instanceof ApiError ? e.message : k.setupFailed });
      });
    return () => {
      live = false;
    };
  }, [token, navigate]);

  return (
    <section className="two-step-page">
      <h1>{k.setupTitle}</h1>
      {state === 'working' && (
        <p className="notice" role="status">
          {k.setupWorking}
        </p>
      )}
      {state === 'password' && <OwnPassword onDone={() => void navigate(twoStepSettingsPath, { replace: true })} />}
      {typeof state === 'object' && (
        <p className="notice" role="alert">
          {state.error}
        </p>
      )}
    </section>
  );
}
