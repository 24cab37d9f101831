// Login, inline mode (SPEC §2): a welcome line for members, a compact login form for visitors.
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { ToggleButton } from 'primereact/togglebutton';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ko } from '../i18n/ko';
import { MemberButtons } from './member-buttons';
import { login, logout } from './session-actions';
import { useSessionUser } from './session-store';
import { openPasswordReset } from './stub-dialog-store';

export function InlineLogin({ onAction, title, hideFind }: { onAction?: () => void; title?: string; hideFind?: boolean }) {
  const user = useSessionUser();
  const id = useId();
  const [userId, setUserId] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);

  if (user.logined) {
    return (
      <section className="inline-login is-member" aria-label={ko.login.boxTitle}>
        <p className="welcome">
          <i className="pi pi-user" aria-hidden="true" /> {ko.login.welcome(user.nickName)}
        </p>
        <MemberButtons onAction={onAction} />
        <Button
          type="button"
          size="small"
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
      if (await login({ userId, password, remember })) {
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
        <div className="field">
          <label htmlFor={`${id}-user`}>{ko.login.userId}</label>
          <InputText id={`${id}-user`} name="userId" autoComplete="username" value={userId} onChange={(e) => setUserId(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-pw`}>{ko.login.password}</label>
          <InputText
            id={`${id}-pw`}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <div className="login-actions">
          <ToggleButton
            checked={remember}
            onChange={(e) => setRemember(e.value)}
            onLabel={ko.login.remember}
            offLabel={ko.login.remember}
            onIcon="pi pi-lock"
            offIcon="pi pi-lock-open"
            aria-label={ko.login.rememberHint}
            className="remember-toggle p-button-sm"
          />
          <Button type="submit" label={ko.login.submit} icon="pi pi-sign-in" loading={busy} className="login-submit" />
        </div>
      </form>
      <div className="login-links">
        <Link to="/user/join" onClick={onAction}>
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
