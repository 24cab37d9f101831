// EXIF names as chips: type a name and press Enter (or a comma) to add it; each chip has its own
// remove button. Written here because PrimeReact's Chips is a listbox without names a screen
// reader can use.
import { useState, type KeyboardEvent } from 'react';
import { koAdminProduct } from './texts';
import { focusField } from '../../../ui/use-field-errors';

const t = koAdminProduct;

export interface NameChipsProps {
  inputId: string;
  value: string[];
  onChange: (names: string[]) => void;
  aria?: { 'aria-invalid'?: boolean; 'aria-describedby'?: string };
}

export function NameChips({ inputId, value, onChange, aria }: NameChipsProps) {
  const [text, setText] = useState('');

  const add = (raw: string) => {
    const names = raw
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '' && !value.includes(s));
    if (names.length > 0) onChange([...value, ...new Set(names)]);
    setText('');
  };
  const remove = (index: number) => {
    onChange(value.filter((_, i) => i !== index));
    focusField(inputId);
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      // Enter adds a chip here; it does not send the whole form.
      e.preventDefault();
      add(text);
    } else if (e.key === 'Backspace' && text === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  return (
    <div className="name-chips">
      {value.length > 0 && (
        <ul className="chip-list" aria-label={t.exifNameList}>
          {value.map((name, i) => (
            <li key={name} className="name-chip">
              <span>{name}</span>
              <button type="button" className="chip-remove" aria-label={t.exifNameRemove(name)} onClick={() => remove(i)}>
                <i className="pi pi-times" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={inputId}
        className="p-inputtext p-component"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKey}
        onBlur={() => add(text)}
        enterKeyHint="enter"
        {...aria}
      />
    </div>
  );
}
