// The search box of a board list: a field (전체/제목/내용/닉네임) and the words. Enter or the
// button searches; the search lives in the address so back returns to the previous results.
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { LiteButton } from '../../ui/lite-button';
import type { SearchField } from './api/board-list';
import { type ListSearch } from '../../shared/paths';
import { SEARCH_FIELDS } from './route-params';
import { koBoards } from './texts';

const s = koBoards.search;

export function SearchBox({ current, onSearch }: { current: ListSearch | null; onSearch: (search: ListSearch | null) => void }) {
  const [field, setField] = useState<SearchField>(current?.field ?? 'all');
  const [q, setQ] = useState(current?.q ?? '');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const words = q.trim();
    onSearch(words === '' ? null : { q: words.slice(0, 50), field });
  };

  return (
    <form role="search" aria-label={s.label} className="search-box" onSubmit={submit}>
      <label htmlFor="board-search-field" className="visually-hidden">
        {s.field}
      </label>
      <select id="board-search-field" className="p-inputtext p-component search-field" value={field} onChange={(e) => setField(e.target.value as SearchField)}>
        {SEARCH_FIELDS.map((f) => (
          <option key={f} value={f}>
            {s.fields[f]}
          </option>
        ))}
      </select>
      <label htmlFor="board-search-text" className="visually-hidden">
        {s.text}
      </label>
      <InputText
        id="board-search-text"
        type="search"
        className="search-text"
        value={q}
        maxLength={50}
        placeholder={s.placeholder}
        onChange={(e) => setQ(e.target.value)}
        enterKeyHint="search"
      />
      <LiteButton type="submit" icon="pi pi-search" label={s.submit} className="search-submit" />
    </form>
  );
}
