// What a page shows until its feature arrives: never a blank screen.
import { Link } from 'react-router';
import { ko } from '../i18n/ko';
import { useDocumentTitle } from './document-title';

export function ComingSoon({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <section className="notice">
      <h1>{title}</h1>
      <p>{ko.placeholder.body}</p>
      <p className="notice-sub">{ko.placeholder.detail}</p>
      <p className="notice-actions">
        <Link to="/">{ko.common.goHome}</Link>
      </p>
    </section>
  );
}
