// A product picker for admin forms: type a few letters ("5d4", "24-70", "캐논"), pick from the
// short list /api/product/search answers. The value is the picked product (or null).
import { useQueryClient } from '@tanstack/react-query';
import { AutoComplete } from 'primereact/autocomplete';
import { useState } from 'react';
import type { ProductCard } from '../../../common/api/products';
import { PRODUCT_TYPE_NAMES } from '../../../common/products/makers';
import { ko } from '../../i18n/ko';
import { productSearchQuery } from './api/product-search';

export interface PickedProduct {
  key: string;
  name: string;
}

/** A line of the suggestion list. */
interface Suggestion extends PickedProduct {
  meta?: string;
}

export interface ProductPickerProps {
  inputId: string;
  value: PickedProduct | null;
  onChange: (value: PickedProduct | null) => void;
  /** A product the list leaves out (merging a product into itself makes no sense). */
  exclude?: string;
  aria?: { 'aria-invalid'?: boolean; 'aria-describedby'?: string };
  autoFocus?: boolean;
}

export const cardName = (p: Pick<ProductCard, 'brand' | 'name'>) => (p.name.toLowerCase().startsWith(p.brand.toLowerCase()) || p.brand === '' ? p.name : `${p.brand} ${p.name}`);

export function ProductPicker({ inputId, value, onChange, exclude, aria, autoFocus }: ProductPickerProps) {
  const client = useQueryClient();
  const [text, setText] = useState<string | Suggestion>(value ?? '');
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);

  const search = async (q: string) => {
    const query = q.trim().slice(0, 60);
    if (query === '') return setSuggestions([]);
    try {
      const items = await client.fetchQuery(productSearchQuery(query));
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
          onChange(picked);
        } else {
          setText(v ?? '');
          // Typing again drops the earlier pick: only a picked product counts.
          if (value) onChange(null);
        }
      }}
      field="name"
      delay={250}
      minLength={1}
      emptyMessage={ko.admin.picker.empty}
      showEmptyMessage
      placeholder={ko.admin.picker.placeholder}
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
