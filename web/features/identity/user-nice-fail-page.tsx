// userNiceFail (/user/nice/fail?message=…): why the verification did not complete, and a retry.
import { Link, useSearchParams } from 'react-router';
import { ko } from '../../i18n/ko';
import { useDocumentTitle } from '../../ui/document-title';
import { koIdentity } from './texts';
import { niceCheckPath } from '../../shared/paths';

export default function UserNiceFailPage() {
  useDocumentTitle(ko.pages.userNiceFail);
  const [params] = useSearchParams();
  // Shown as text only; a long or odd value cannot become markup.
  const message = (params.get('message') ?? '').trim().slice(0, 300) || koIdentity.failDefault;
  return (
    <section className="notice notice-error" role="alert">
      <i className="pi pi-times-circle notice-icon" aria-hidden="true" />
      <h1>{koIdentity.failTitle}</h1>
      <p className="notice-message">{message}</p>
      <p className="notice-actions">
        <Link to={niceCheckPath}>{koIdentity.retry}</Link>
        <Link to="/">{ko.common.goHome}</Link>
      </p>
    </section>
  );
}
