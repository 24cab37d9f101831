// What the write and edit pages show instead of the form: loading, a login prompt, or why not.
import { Link } from 'react-router';
import { loginPopup } from '../../shared/login-popup-store';
import { ko } from '../../i18n/ko';
import { LiteButton } from '../../ui/lite-button';

export function EditorNotice({ text, login, back }: { text: string; login?: boolean; back: string }) {
  return (
    <div className="notice editor-notice-box">
      <i className="pi pi-lock notice-icon" aria-hidden="true" />
      <p className="notice-message">{text}</p>
      <p className="notice-actions">
        {login && <LiteButton label={ko.login.title} icon="pi pi-sign-in" onClick={() => loginPopup.open()} />}
        <Link to={back}>{ko.common.back}</Link>
      </p>
    </div>
  );
}
