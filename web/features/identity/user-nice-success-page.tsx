// userNiceSuccess (/user/nice/success): where the provider's accepted result lands. Anyone can open
// the address, so the page reads the session again and says what is true for the caller: verified
// (and `real` turns true everywhere: my-info button, features that need verification), a member
// who has not verified (a link to start), or a visitor (a login).
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { sessionInfoQuery } from '../../shared/api/session-info';
import { loginPopup } from '../../shared/login-popup-store';
import { refreshSession } from '../../shared/session-actions';
import { useSessionUser } from '../../shared/session-store';
import { ko } from '../../i18n/ko';
import { useDocumentTitle } from '../../ui/document-title';
import { koIdentity } from './texts';
import { niceCheckPath } from '../../shared/paths';

export default function UserNiceSuccessPage() {
  useDocumentTitle(ko.pages.userNiceSuccess);
  const client = useQueryClient();
  const user = useSessionUser();
  const [checked, setChecked] = useState(false);

  useEffect(() => {
    // The store may still hold the session from before the verification (or none yet).
    refreshSession()
      .catch(() => undefined)
      .finally(() => setChecked(true));
    void client.invalidateQueries({ queryKey: sessionInfoQuery().queryKey });
  }, [client]);

  if (!checked) {
    return (
      <p role="status" className="lead">
        <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {koIdentity.checkingResult}
      </p>
    );
  }
  if (user.logined && user.real) {
    return (
      <section className="notice notice-info" role="status">
        <i className="pi pi-verified notice-icon" aria-hidden="true" />
        <h1>{koIdentity.successTitle}</h1>
        <p className="notice-message">{koIdentity.successBody}</p>
        <p className="notice-actions">
          <Link to="/">{ko.common.goHome}</Link>
        </p>
      </section>
    );
  }
  return (
    <section className="notice notice-info" role="status">
      <i className="pi pi-info-circle notice-icon" aria-hidden="true" />
      <h1>{koIdentity.notVerifiedTitle}</h1>
      <p className="notice-message">{user.logined ? koIdentity.notVerifiedYet : koIdentity.loggedOut}</p>
      <p className="notice-actions">
        {user.logined ? (
          <Link to={niceCheckPath}>{koIdentity.startCheck}</Link>
        ) : (
          <Button type="button" icon="pi pi-sign-in" label={ko.message.login} onClick={() => loginPopup.open()} />
        )}
        <Link to="/">{ko.common.goHome}</Link>
      </p>
    </section>
  );
}
