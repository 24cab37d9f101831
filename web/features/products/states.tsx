// What the product pages show when a list is empty or a call failed.
import { ko } from '../../i18n/ko';

export function ListEmpty({ text }: { text: string }) {
  return (
    <p className="product-state">
      <i className="pi pi-inbox" aria-hidden="true" /> {text}
    </p>
  );
}

export function ListFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <p className="product-state product-failed" role="alert">
      <i className="pi pi-exclamation-circle" aria-hidden="true" /> {ko.products.loadFailed}{' '}
      <button type="button" className="link-button" onClick={onRetry}>
        {ko.products.retry}
      </button>
    </p>
  );
}
