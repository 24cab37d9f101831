// A price box in won (the market's forms, a price alert): thousands separators appear as the
// member types; the value is a number.
import { InputText } from 'primereact/inputtext';
import type { InputHTMLAttributes } from 'react';
import { formatNumber } from '../../common/format';
import './price-input.css';

/** Digits only ("1,250,000원" typed or pasted → 1250000), or null when empty. */
export function parseWon(text: string): number | null {
  const digits = text.replace(/[^\d]/g, '').slice(0, 10);
  return digits === '' ? null : Number(digits);
}

/** What a price box shows while typing: thousands separators. */
export const typedWon = (n: number | null) => (n === null ? '' : formatNumber(n));

export interface PriceInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> {
  id: string;
  value: number | null;
  onValue: (value: number | null) => void;
}

export function PriceInput({ id, value, onValue, className, ...rest }: PriceInputProps) {
  return (
    <span className={['price-input', className].filter(Boolean).join(' ')}>
      <InputText id={id} inputMode="numeric" autoComplete="off" value={typedWon(value)} onChange={(e) => onValue(parseWon(e.target.value))} {...rest} />
      <span className="price-unit" aria-hidden="true">
        원
      </span>
    </span>
  );
}
