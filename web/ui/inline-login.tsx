// Login, inline mode (docs/product/members.md#logging-in-and-out): a welcome line for members, a compact login form for visitors.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ko } from '../i18n/ko';
import { LevelStar } from './level-star';
import { LiteButton } from './lite-button';
import { LoginFields } from './login-fields';
import { MemberButtons } from './member-buttons';
import { SignInWays } from './sign-in-ways';
import { login, logout } from '../shared/session-actions';
import { useSessionUser } from '../shared/session-store';
import { openPasswordReset } from '../shared/account-dialog-store';
import { joinPath } from '../shared/paths';

export function InlineLogin({ onAction, title, hideFind }: { onAction?: () => void; title?: string; hideFind?: boolean }) {
  const user = useSessionUser();
  const id = useId();
  const [userId, setUserId] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);
  // After a login here the form is gone: focus the welcome line instead of the page body.
  const justLoggedIn = useRef(false);
  const welcome = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!user.logined || !justLoggedIn.current) return;
    justLoggedIn.current = false;
    welcome.current?.focus();
  }, [user.logined]);

  if (user.logined) {
    return (
      <section className="inline-login is-member" aria-label={ko.login.boxTitle}>
        <p className="welcome" tabIndex={-1} ref={welcome}>
          <i className="pi pi-user" aria-hidden="true" /> <LevelStar levelKey={user.levelKey} />
          {ko.login.welcome(user.nickName)}
        </p>
        <MemberButtons onAction={onAction} />
        <LiteButton
          small
          text
          icon="pi pi-sign-out"
          label={ko.login.logout}
          onClick={() => {
            onAction?.();
            void logout();
          }}
        />
      </section>
    );
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      justLoggedIn.current = true;
      const ok = await login({ userId, password, remember });
      // On success the effect above takes the flag once the welcome line is drawn.
      if (!ok) justLoggedIn.current = false;
      if (ok) {
        setPassword('');
        onAction?.();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="inline-login" aria-label={ko.login.boxTitle}>
      {title && <h2 className="box-title">{title}</h2>}
      <form onSubmit={submit} noValidate>
        <LoginFields idPrefix={id} userId={userId} password={password} onUserId={setUserId} onPassword={setPassword} />
        <div className="login-actions">
          <LiteButton
            outlined={!remember}
            icon={remember ? 'pi pi-lock' : 'pi pi-lock-open'}
            label={ko.login.remember}
            aria-pressed={remember}
            title={ko.login.rememberHint}
            className="remember-toggle"
            onClick={() => setRemember((r) => !r)}
          />
          <LiteButton type="submit" label={ko.login.submit} icon="pi pi-sign-in" loading={busy} className="login-submit" />
        </div>
      </form>
      <SignInWays
        userId={userId}
        remember={remember}
        onSignedIn={() => {
          // As after a password login: the welcome line (drawn by now) takes the focus.
          setPassword('');
          onAction?.();
          requestAnimationFrame(() => welcome.current?.focus());
        }}
      />
      <div className="login-links">
        <Link to={joinPath} onClick={onAction}>
          {ko.login.join}
        </Link>
        {!hideFind && (
          <button type="button" className="link-button" onClick={openPasswordReset}>
            {ko.login.find}
          </button>
        )}
      </div>
    </section>
  );
}
