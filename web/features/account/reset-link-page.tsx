// /user/password/reset?t=…: the reset link's page (docs/product/members.md#password-reset). It
// checks the link first, then takes the new password twice; afterwards every session has ended
// and the member signs in with the new password.
import { Button } from 'primereact/button';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ResetByLink } from '../../../common/api/mail';
import { openPasswordReset } from '../../shared/account-dialog-store';
import { loginPopup } from '../../shared/login-popup-store';
import { refreshSession } from '../../shared/session-actions';
import { useDocumentTitle } from '../../ui/document-title';
import { NewPasswordFields } from '../../ui/new-password-fields';
import { useFieldErrors } from '../../ui/use-field-errors';
import { postResetLinkCheck, useResetByLink } from './api/mail';
import { koMail } from './mail-texts';
import './mail.css';

type Phase = 'checking' | 'form' | 'expired' | 'done';

export default function ResetLinkPage() {
  useDocumentTitle(koMail.resetTitle);
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const [phase, setPhase] = useState<Phase>(token ? 'checking' : 'expired');
  const [v, setV] = useState({ password: '', rePassword: '' });
  const reset = useResetByLink();
  const fe = useFieldErrors({ password: 'reset-link-password', rePassword: 'reset-link-rePassword' });

  useEffect(() => {
    if (!token) return;
    let live = true;
    postResetLinkCheck(token).then(
      ({ valid }) => live && setPhase(valid ? 'form' : 'expired'),
      () => live && setPhase('expired'),
    );
    return () => {
      live = false;
    };
  }, [token]);

  const set = (k: 'password' | 'rePassword') => (e: { target: { value: string } }) => {
    setV((s) => ({ ...s, [k]: e.target.value }));
    fe.clear(k);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (reset.isPending) return;
    const data = fe.check(ResetByLink, { token, ...v });
    if (!data) return;
    reset.mutate(data, {
      onSuccess: () => {
        setPhase('done');
        // Every session ended, this browser's too.
        void refreshSession().catch(() => undefined);
      },
      onError: (err) => {
        if (err.message.includes('만료')) setPhase('expired');
      },
    });
  };

  if (phase === 'checking') {
    return (
      <p role="status" className="lead">
        <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {koMail.checkingLink}
      </p>
    );
  }
  if (phase === 'expired') {
    return (
      <section className="notice notice-error mail-page" role="alert">
        <i className="pi pi-exclamation-triangle notice-icon" aria-hidden="true" />
        <h1>{koMail.linkExpired}</h1>
        <p className="notice-message">{koMail.linkExpiredHint}</p>
        <p className="notice-actions">
          <Button type="button" label={koMail.findAgain} icon="pi pi-key" onClick={openPasswordReset} />
          <Link to="/">{koMail.goHome}</Link>
        </p>
      </section>
    );
  }
  if (phase === 'done') {
    return (
      <section className="notice notice-info mail-page" role="status">
        <i className="pi pi-check-circle notice-icon" aria-hidden="true" />
        <h1>{koMail.doneTitle}</h1>
        <p className="notice-message">{reset.data?.message}</p>
        <p className="notice-actions">
          <Button type="button" label={koMail.login} icon="pi pi-sign-in" autoFocus onClick={() => loginPopup.open()} />
        </p>
      </section>
    );
  }
  return (
    <section className="mail-page">
      <h1>{koMail.resetTitle}</h1>
      <p className="account-intro">{koMail.resetIntro}</p>
      <form onSubmit={submit} noValidate>
        <NewPasswordFields idPrefix="reset-link" labels={{ password: koMail.password, rePassword: koMail.rePassword, hint: koMail.passwordHint }} values={v} onChange={set} fe={fe} autoFocus />
        <Button type="submit" label={koMail.resetSubmit} icon="pi pi-key" loading={reset.isPending} />
      </form>
    </section>
  );
}
