// Login, popup mode (SPEC §2): titled 로그인, 30rem wide (at most 90%); after a login the
// member goes to the home route.
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { AppDialog } from '../ui/app-dialog';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ko } from '../i18n/ko';
import { loginPopup, useLoginPopupOpen } from './login-popup-store';
import { login } from './session-actions';
import { openPasswordReset } from './account-dialog-store';

export default function LoginPopup() {
  const open = useLoginPopupOpen();
  const navigate = useNavigate();
  const [userId, setUserId] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      if (await login({ userId, password, remember })) {
        setPassword('');
        loginPopup.close();
        navigate('/');
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppDialog
      header={ko.login.title}
      visible={open}
      onHide={() => {
        loginPopup.close();
        setPassword('');
      }}
      style={{ width: '30rem', maxWidth: '90%' }}
      modal
      draggable={false}
      className="login-popup"
    >
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="popup-user">{ko.login.userId}</label>
          <InputText
            id="popup-user"
            name="userId"
            autoComplete="username"
            autoFocus
            value={userId}
            onChange={(e) => setUserId(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="popup-pw">{ko.login.password}</label>
          <InputText
            id="popup-pw"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <div className="field-check">
          <Checkbox inputId="popup-remember" name="remember" value="Y" checked={remember} onChange={(e) => setRemember(!!e.checked)} />
          <label htmlFor="popup-remember">{ko.login.keepLoggedIn}</label>
          <button
            type="button"
            className="link-button push-right"
            onClick={() => {
              loginPopup.close();
              openPasswordReset();
            }}
          >
            {ko.login.find}
          </button>
        </div>
        <Button type="submit" label={ko.login.submit} icon="pi pi-sign-in" loading={busy} className="w-full" />
        <p className="popup-join">
          <Link to="/user/join" onClick={() => loginPopup.close()}>
            {ko.login.joinLink}
          </Link>
        </p>
      </form>
    </AppDialog>
  );
}
