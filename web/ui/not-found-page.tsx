import { Link } from 'react-router';
import { ko } from '../i18n/ko';
import { useDocumentTitle } from './document-title';

export default function NotFoundPage() {
  useDocumentTitle(ko.error.pageTitle);
  return (
    <section className="notice notice-error">
      <i className="pi pi-compass notice-icon" aria-hidden="true" />
      <h1>{ko.error.pageTitle}</h1>
      <p className="notice-message">{ko.error.notFound}</p>
      <p className="notice-actions">
        <Link to="/">{ko.common.goHome}</Link>
      </p>
    </section>
  );
}
