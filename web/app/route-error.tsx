// Catches a page that throws or whose chunk cannot be loaded even after a reload; the shell
// stays usable and the next navigation (a new key) starts clean.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ko } from '../i18n/ko';

interface State {
  error: unknown;
}

export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <section className="notice notice-error" role="alert">
        <i className="pi pi-exclamation-circle notice-icon" aria-hidden="true" />
        <h1>{ko.error.pageTitle}</h1>
        <p className="notice-message">{ko.error.pageLoad}</p>
        <p className="notice-actions">
          <Link to="/">{ko.common.goHome}</Link>
          <button type="button" className="link-button" onClick={() => window.location.reload()}>
            {ko.common.reload}
          </button>
        </p>
      </section>
    );
  }
}
