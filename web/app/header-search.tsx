// The site search in the header (docs/product/search.md), on every page: on a wide screen a
// field and a button; on a phone an icon that opens the field in a row under the header (Escape
// or the close button shuts it and gives the focus back to the icon). Either opens /search?q=….
import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ko } from '../i18n/ko';
import { siteSearchPath } from '../shared/paths';
import './header-search.css';

const h = ko.header;

/** The query of the search page being shown, so the field keeps what was searched. */
function useShownQuery(): string {
  const { pathname, search } = useLocation();
  return pathname === '/search' ? (new URLSearchParams(search).get('q') ?? '') : '';
}

function SearchForm({ onDone, autoFocus = false, inputRef }: { onDone?: () => void; autoFocus?: boolean; inputRef?: RefObject<HTMLInputElement | null> }) {
  const navigate = useNavigate();
  const shown = useShownQuery();
  const [q, setQ] = useState(shown);
  const [was, setWas] = useState(shown);
  const [empty, setEmpty] = useState(false);
  const id = useId();
  // Another search shown: the field says its words (set while rendering, React's way for state
  // that follows a value).
  if (shown !== was) {
    setWas(shown);
    setQ(shown);
  }
  // The phone's row opens for typing: the field takes the focus as it appears.
  useEffect(() => {
    if (autoFocus) inputRef?.current?.focus();
  }, [autoFocus, inputRef]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (q.trim() === '') {
      setEmpty(true);
      inputRef?.current?.focus();
      return;
    }
    setEmpty(false);
    navigate(siteSearchPath(q));
    onDone?.();
  };

  return (
    <form role="search" className="header-search-form" onSubmit={submit} aria-label={h.searchLandmark}>
      <label htmlFor={`${id}-q`} className="visually-hidden">
        {h.searchLabel}
      </label>
      <input
        id={`${id}-q`}
        ref={inputRef}
        type="search"
        name="q"
        value={q}
        maxLength={50}
        placeholder={h.searchPlaceholder}
        autoComplete="off"
        enterKeyHint="search"
        aria-invalid={empty || undefined}
        aria-describedby={empty ? `${id}-empty` : undefined}
        onChange={(e) => {
          setQ(e.target.value);
          if (empty) setEmpty(false);
        }}
      />
      <button type="submit" className="icon-link header-search-submit" aria-label={h.search} title={h.search}>
        <i className="pi pi-search" aria-hidden="true" />
      </button>
      {empty && (
        <span id={`${id}-empty`} className="header-search-empty" role="alert">
          {h.searchEmpty}
        </span>
      )}
    </form>
  );
}

/** The wide screen's field, in the header's row. */
export function HeaderSearch() {
  const ref = useRef<HTMLInputElement>(null);
  return (
    <div className="header-search">
      <SearchForm inputRef={ref} />
    </div>
  );
}

/** The phone's icon and the row it opens under the header. */
export function HeaderSearchToggle() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const rowId = useId();
  const { pathname, search } = useLocation();
  const here = pathname + search;
  const [at, setAt] = useState(here);
  // Another page: the row closes.
  if (here !== at) {
    setAt(here);
    setOpen(false);
  }

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className="icon-link header-search-open"
        aria-label={h.openSearch}
        title={h.openSearch}
        aria-expanded={open}
        aria-controls={open ? rowId : undefined}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <i className="pi pi-search" aria-hidden="true" />
      </button>
      {open && (
        <div
          id={rowId}
          className="header-search-row"
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              close();
            }
          }}
        >
          <SearchForm inputRef={input} autoFocus onDone={() => setOpen(false)} />
          <button type="button" className="icon-link" aria-label={h.closeSearch} title={h.closeSearch} onClick={close}>
            <i className="pi pi-times" aria-hidden="true" />
          </button>
        </div>
      )}
    </>
  );
}
