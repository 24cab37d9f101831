// What a list shows while loading, when it failed and when it is empty.
import { ko } from '../i18n/ko';
import './list-state.css';

export function ListLoading({ text = ko.postList.loading }: { text?: string }) {
  return (
    <p className="list-state" role="status">
      <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {text}
    </p>
  );
}

export function ListEmpty({ text }: { text: string }) {
  return (
    <p className="list-state list-empty">
      <i className="pi pi-inbox" aria-hidden="true" /> {text}
    </p>
  );
}

export function ListFailed({ text = ko.postList.loadFailed, onRetry }: { text?: string; onRetry: () => void }) {
  return (
    <p className="list-state list-failed" role="alert">
      <i className="pi pi-exclamation-circle" aria-hidden="true" /> {text}{' '}
      <button type="button" className="link-button" onClick={onRetry}>
        {ko.postList.retry}
      </button>
    </p>
  );
}
