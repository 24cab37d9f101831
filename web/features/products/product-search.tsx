// The product search box. Typing searches after a short pause (the address is replaced, so back
// does not walk through every letter); Enter or the button searches at once as a new step in
// the history. The words live in the address (?search=…) so back returns to the last results.
import { InputText } from 'primereact/inputtext';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { LiteButton } from '../../ui/lite-button';
import { koProducts } from './texts';

const s = koProducts.search;
const PAUSE_MS = 400;

export function ProductSearch({ current, onSearch }: { current: string; onSearch: (words: string, replace: boolean) => void }) {
  const [q, setQ] = useState(current);
  // What this box last asked for: an address change from elsewhere (back, a tab) resets the box.
  const asked = useRef(current);
  useEffect(() => {
    if (current !== asked.current) {
      asked.current = current;
      setQ(current);
    }
  }, [current]);

  useEffect(() => {
    const words = q.trim();
    if (words === asked.current) return;
    const timer = window.setTimeout(() => {
      asked.current = words;
      onSearch(words, true);
    }, PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [q, onSearch]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const words = q.trim();
    if (words === asked.current) return;
    asked.current = words;
    onSearch(words, false);
  };

  return (
    <form role="search" aria-label={s.label} className="product-search" onSubmit={submit}>
      <label htmlFor="product-search-text" className="visually-hidden">
        {s.text}
      </label>
      <span className="product-search-field">
        <i className="pi pi-search" aria-hidden="true" />
        <InputText
          id="product-search-text"
          type="search"
          value={q}
          maxLength={60}
          placeholder={s.placeholder}
          onChange={(e) => setQ(e.target.value)}
          enterKeyHint="search"
          autoComplete="off"
        />
      </span>
      <LiteButton type="submit" label={s.submit} className="product-search-submit" />
    </form>
  );
}
