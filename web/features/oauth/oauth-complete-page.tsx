// oauthComplete (/user/oauth/complete): the first sign-in with a Kakao or Naver account linked to
// nobody (docs/product/sign-in.md#kakao-and-naver). Either a nickname and the agreements make a
// new member, or the id and password of an existing account link the provider to it.
import { Button } from 'primereact/button';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { OAuthComplete, OAuthLinkLogin } from '../../../common/api/oauth';
import { useDocumentTitle } from '../../ui/document-title';
import { LoginFields } from '../../ui/login-fields';
import { NickNameField, TermsAgreement } from '../../ui/sign-up-fields';
import { toast } from '../../ui/toast-store';
import { useFieldErrors } from '../../ui/use-field-errors';
import { SECOND_STEP_PATH, takeNewSession } from '../../shared/session-actions';
import { useComplete } from './api/complete';
import { useLinkLogin } from './api/link-login';
import { usePending } from './api/pending';
import { koOAuthPage as T } from './texts';
import './oauth.css';

export default function OAuthCompletePage() {
  useDocumentTitle(T.title);
  const pending = usePending();
  const navigate = useNavigate();
  const complete = useComplete();
  const linkLogin = useLinkLogin();
  const [nickName, setNickName] = useState<string | null>(null);
  const [agree, setAgree] = useState(false);
  const [userId, setUserId] = useState('');
  const [password, setPassword] = useState('');
  const fe = useFieldErrors({ nickName: 'oauth-nickName', agree: 'oauth-agree' });
  const le = useFieldErrors({ userId: 'oauth-link-user', password: 'oauth-link-pw' });

  const welcome = async (message: string) => {
    await takeNewSession();
    toast.success(message);
    navigate('/');
  };

  if (pending.isPending) return <section className="oauth-page" aria-busy="true" />;
  if (!pending.data) {
    return (
      <section className="oauth-page notice" role="alert">
        <h1>{T.expiredTitle}</h1>
        <p className="notice-message">{pending.error?.message}</p>
        <p>
          <Link to="/" className="p-button p-component oauth-home">
            {T.home}
          </Link>
        </p>
      </section>
    );
  }
  const p = pending.data;
  const nick = nickName ?? p.nickName;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (complete.isPending) return;
    const form = fe.check(OAuthComplete, { nickName: nick, agree: agree ? 'Y' : '' });
    if (!form) return;
    complete.mutate(form, { onSuccess: (r) => void welcome(r.message) });
  };
  const submitLink = (e: FormEvent) => {
    e.preventDefault();
    if (linkLogin.isPending) return;
    const form = le.check(OAuthLinkLogin, { userId, password });
    if (!form) return;
    linkLogin.mutate(form, {
      onSuccess: (r) => {
        setPassword('');
        // Two-step sign-in on: the code comes next on its own page, as after the login form.
        if (r.secondStep === 'totp') window.location.assign(SECOND_STEP_PATH);
        else void welcome(r.message);
      },
    });
  };

  return (
    <section className="oauth-page">
      <h1>{T.title}</h1>
      <p className="lead">{T.intro(p.provider)}</p>
      <form onSubmit={submit} noValidate className="form-card">
        {p.email && <p className="oauth-email">{T.email(p.email)}</p>}
        <p className="field-hint">{T.noPassword}</p>
        <NickNameField
          idPrefix="oauth"
          hint={T.nickNameHint}
          value={nick}
          onChange={(e) => {
            setNickName(e.target.value);
            fe.clear('nickName');
          }}
          fe={fe}
        />
        <TermsAgreement
          idPrefix="oauth"
          text={T.termsText}
          agree={agree}
          onChange={(a) => {
            setAgree(a);
            fe.clear('agree');
          }}
          fe={fe}
        />
        <Button type="submit" label={T.submit} icon="pi pi-user-plus" loading={complete.isPending} className="w-full" />
      </form>
      <form onSubmit={submitLink} noValidate className="form-card oauth-existing" aria-labelledby="oauth-existing-title">
        <h2 id="oauth-existing-title">{T.existingTitle}</h2>
        <p>{T.existingIntro(p.provider)}</p>
        <LoginFields idPrefix="oauth-link" userId={userId} password={password} onUserId={setUserId} onPassword={setPassword} />
        <Button type="submit" label={T.link} icon="pi pi-link" outlined loading={linkLogin.isPending} className="w-full" />
      </form>
    </section>
  );
}
