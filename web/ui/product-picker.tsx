// A product picker: type a few letters ("5d4", "24-70", "캐논"), pick from the short list
// /api/product/search answers. The value is the picked product (or null). The admin forms and
// the market's list filter and write form use it, each with its own words and query key root.
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { AutoComplete } from 'primereact/autocomplete';
import { useState } from 'react';
import type { ProductCard } from '../../common/api/products';
import { PRODUCT_TYPE_NAMES } from '../../common/products/makers';
import { callAwait } from '../api/call';
import './product-picker.css';

export interface PickedProduct {
  key: string;
  name: string;
}

/** A line of the suggestion list. */
interface Suggestion extends PickedProduct {
  meta?: string;
}

export const cardName = (p: Pick<ProductCard, 'brand' | 'name'>) => (p.name.toLowerCase().startsWith(p.brand.toLowerCase()) || p.brand === '' ? p.name : `${p.brand} ${p.name}`);

/** /api/product/search: a short list for the picker ("5d4", "24-70", Korean names). */
const fetchProductSearch = (q: string) => callAwait<{ items: ProductCard[] }>('/api/product/search', { data: { q }, silent: true });

const productSearchQuery = (root: readonly unknown[], q: string) =>
  queryOptions({ queryKey: [...root, q] as const, queryFn: async () => (await fetchProductSearch(q)).items, staleTime: 30_000 });

export interface ProductPickerProps {
  inputId: string;
  value: PickedProduct | null;
  onChange: (value: PickedProduct | null) => void;
  /** Where the suggestions are cached, so the feature's product writes can drop them. */
  queryRoot: readonly unknown[];
  placeholder: string;
  /** Said when nothing matches. */
  emptyMessage: string;
  /** A product the list leaves out (merging a product into itself makes no sense). */
  exclude?: string;
  aria?: { 'aria-invalid'?: boolean; 'aria-describedby'?: string };
  autoFocus?: boolean;
}

export function ProductPicker({ inputId, value, onChange, queryRoot, placeholder, emptyMessage, exclude, aria, autoFocus }: ProductPickerProps) {
  const client = useQueryClient();
  const [text, setText] = useState<string | Suggestion>(value ?? '');
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  // A pick made elsewhere (the address changed, a draft came back) shows in the box.
  const [shown, setShown] = useState(value?.key ?? '');
  if ((value?.key ?? '') !== shown) {
    setShown(value?.key ?? '');
    setText(value ?? '');
  }

  const search = async (q: string) => {
    const query = q.trim().slice(0, 60);
    if (query === '') return setSuggestions([]);
    try {
      const items = await client.fetchQuery(productSearchQuery(queryRoot, query));
      setSuggestions(
        items
          .filter((p) => p.key !== exclude)
          .map((p) => ({ key: p.key, name: cardName(p), meta: [PRODUCT_TYPE_NAMES[p.type], p.summary].filter(Boolean).join(' · ') })),
      );
    } catch {
      setSuggestions([]);
    }
  };

  return (
    <AutoComplete
      inputId={inputId}
      value={text}
      suggestions={suggestions}
      completeMethod={(e) => void search(e.query)}
      onChange={(e) => {
        const v = e.value as string | Suggestion | null;
        if (v && typeof v === 'object') {
          const picked = { key: v.key, name: v.name };
          setText(picked);
          setShown(picked.key);
          onChange(picked);
        } else {
          setText(v ?? '');
          // Typing again drops the earlier pick: only a picked product counts.
          if (value) {
            setShown('');
            onChange(null);
          }
        }
      }}
      field="name"
      delay={250}
      minLength={1}
      emptyMessage={emptyMessage}
      showEmptyMessage
      placeholder={placeholder}
      autoFocus={autoFocus}
      className="product-picker"
      inputClassName="product-picker-input"
      itemTemplate={(p: Suggestion) => (
        <span className="picker-item">
          <span>{p.name}</span>
          {p.meta && <span className="picker-meta">{p.meta}</span>}
        </span>
      )}
      {...aria}
    />
  );
}
