// A price box in won: thousands separators appear as the member types; the value is a number.
import { InputText } from 'primereact/inputtext';
import type { InputHTMLAttributes } from 'react';
import { parseWon, typedWon } from './format';

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
