// infoPage (/info/{message}): a plain notice, e.g. after signing up (with a login button).
import { Button } from 'primereact/button';
import { Link, useParams } from 'react-router';
import { loginPopup } from '../../shared/login-popup-store';
import { useSessionUser } from '../../shared/session-store';
import { ko } from '../../i18n/ko';
import { useDocumentTitle } from '../../ui/document-title';
import { messageFromParam } from './message-text';

export default function InfoPage() {
  const { message } = useParams();
  const user = useSessionUser();
  useDocumentTitle(ko.pages.infoPage);
  const text = messageFromParam(message) || ko.message.empty;
  return (
    <section className="notice notice-info" role="status">
      <i className="pi pi-info-circle notice-icon" aria-hidden="true" />
      <h1>{ko.error.infoTitle}</h1>
      <p className="notice-message">{text}</p>
      <p className="notice-actions">
        {!user.logined && <Button type="button" icon="pi pi-sign-in" label={ko.message.login} onClick={() => loginPopup.open()} />}
        <Link to="/">{ko.common.goHome}</Link>
      </p>
    </section>
  );
}
