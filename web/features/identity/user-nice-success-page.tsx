// userNiceSuccess (/user/nice/success): the provider's result was accepted; the session is read
// again so `real` turns true everywhere (my-info button, features that need verification).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { fetchSessionInfo, sessionInfoQuery } from '../../app/api/session-info';
import { sessionStore } from '../../app/session-store';
import { ko } from '../../i18n/ko';
import { useDocumentTitle } from '../../ui/document-title';

export default function UserNiceSuccessPage() {
  useDocumentTitle(ko.pages.userNiceSuccess);
  const client = useQueryClient();

  useEffect(() => {
    fetchSessionInfo()
      .then((user) => {
        if (user.logined && user.userId) sessionStore.setUser(user);
      })
      .catch(() => undefined);
    void client.invalidateQueries({ queryKey: sessionInfoQuery().queryKey });
  }, [client]);

  return (
    <section className="notice notice-info" role="status">
      <i className="pi pi-verified notice-icon" aria-hidden="true" />
      <h1>{ko.identity.successTitle}</h1>
      <p className="notice-message">{ko.identity.successBody}</p>
      <p className="notice-actions">
        <Link to="/">{ko.common.goHome}</Link>
      </p>
    </section>
  );
}
