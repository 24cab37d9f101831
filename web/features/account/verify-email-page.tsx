// /user/email/verify?t=…: a verification link opened (docs/product/members.md#email). The page
// sends the token once and says what happened; the link works without signing in.
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../ui/document-title';
import { postVerifyEmail } from './api/mail';
import { koMail } from './mail-texts';
import './mail.css';

type State = { kind: 'working' } | { kind: 'done'; message: string } | { kind: 'failed'; message: string };

export default function VerifyEmailPage() {
  useDocumentTitle(koMail.verifyTitle);
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const [state, setState] = useState<State>(token ? { kind: 'working' } : { kind: 'failed', message: koMail.noToken });
  const sent = useRef(false);

  useEffect(() => {
    // Once, even when React runs the effect twice: the link works one time.
    if (!token || sent.current) return;
    sent.current = true;
    postVerifyEmail(token).then(
      ({ message }) => setState({ kind: 'done', message }),
      (err: Error) => setState({ kind: 'failed', message: err.message }),
    );
  }, [token]);

  if (state.kind === 'working') {
    return (
      <p role="status" className="lead">
        <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {koMail.verifying}
      </p>
    );
  }
  const ok = state.kind === 'done';
  return (
    <section className={`notice ${ok ? 'notice-info' : 'notice-error'} mail-page`} role={ok ? 'status' : 'alert'}>
      <i className={`pi ${ok ? 'pi-verified' : 'pi-exclamation-triangle'} notice-icon`} aria-hidden="true" />
      <h1>{ok ? koMail.verifyTitle : koMail.verifyFailed}</h1>
      <p className="notice-message">{state.message}</p>
      <p className="notice-actions">
        <Link to="/">{koMail.goHome}</Link>
      </p>
    </section>
  );
}
