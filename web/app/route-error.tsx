// Shown when a page throws or its chunk cannot be loaded even after a reload.
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { ko } from '../i18n/ko';

export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="notice notice-error" role="alert">
      <h1>{ko.error.pageTitle}</h1>
      <p>{notFound ? ko.error.notFound : ko.error.pageLoad}</p>
      <p className="notice-actions">
        <Link to="/">{ko.common.goHome}</Link>
        <button type="button" className="link-button" onClick={() => window.location.reload()}>
          {ko.common.reload}
        </button>
      </p>
    </section>
  );
}
