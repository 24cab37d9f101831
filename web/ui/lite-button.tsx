// A native button wearing PrimeReact's button classes. Used on the first-load path (home page
// login box, member buttons) where PrimeReact's Button would also pull in its tooltip and ripple
// code; it looks and behaves the same.
import type { ButtonHTMLAttributes } from 'react';

export interface LiteButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  label: string;
  icon?: string;
  outlined?: boolean;
  text?: boolean;
  small?: boolean;
  loading?: boolean;
}

export function LiteButton({ label, icon, outlined, text, small, loading, className, type = 'button', disabled, ...rest }: LiteButtonProps) {
  const classes = ['p-button', 'p-component', outlined && 'p-button-outlined', text && 'p-button-text', small && 'p-button-sm', loading && 'p-button-loading', className]
    .filter(Boolean)
    .join(' ');
  const iconClass = loading ? 'pi pi-spin pi-spinner' : icon;
  return (
    <button type={type} className={classes} disabled={disabled || loading} aria-busy={loading || undefined} {...rest}>
      {iconClass && <span className={`p-button-icon p-button-icon-left ${iconClass}`} aria-hidden="true" />}
      <span className="p-button-label">{label}</span>
    </button>
  );
}
