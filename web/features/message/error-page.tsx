// errorPage (/error/{message}): shows the URL-encoded error text it was given (docs/product/site.md#errors).
import { Link, useParams } from 'react-router';
import { ko } from '../../i18n/ko';
import { useDocumentTitle } from '../../ui/document-title';
import { messageFromParam } from './message-text';

export default function ErrorPage() {
  const { message } = useParams();
  useDocumentTitle(ko.pages.errorPage);
  const text = messageFromParam(message) || ko.error.generic;
  return (
    <section className="notice notice-error" role="alert">
      <i className="pi pi-exclamation-circle notice-icon" aria-hidden="true" />
      <h1>{ko.error.pageTitle}</h1>
      <p className="notice-message">{text}</p>
      <p className="notice-actions">
        <button type="button" className="link-button" onClick={() => history.back()}>
          {ko.common.back}
        </button>
        <Link to="/">{ko.common.goHome}</Link>
      </p>
    </section>
  );
}
