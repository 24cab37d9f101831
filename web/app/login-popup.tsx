// Login, popup mode (docs/product/members.md#logging-in-and-out): titled 로그인, 30rem wide (at most 90%); after a login the
// member goes to the home route.
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { AppDialog } from '../ui/app-dialog';
import { LoginFields } from '../ui/login-fields';
import { SignInWays } from '../ui/sign-in-ways';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ko } from '../i18n/ko';
import { loginPopup, useLoginPopupOpen } from '../shared/login-popup-store';
import { login } from '../shared/session-actions';
import { openPasswordReset } from '../shared/account-dialog-store';
import { joinPath } from '../shared/paths';

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
        <LoginFields idPrefix="popup" userId={userId} password={password} onUserId={setUserId} onPassword={setPassword} autoFocus />
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
        <SignInWays
          userId={userId}
          remember={remember}
          onSignedIn={() => {
            setPassword('');
            loginPopup.close();
            navigate('/');
          }}
        />
        <p className="popup-join">
          <Link to={joinPath} onClick={() => loginPopup.close()}>
            {ko.login.joinLink}
          </Link>
        </p>
      </form>
    </AppDialog>
  );
}
