// The product picker of the list filter and the write form: type a few letters ("5d4",
// "24-70", "캐논") and pick from the short list /api/product/search answers.
import { useQueryClient } from '@tanstack/react-query';
import { AutoComplete } from 'primereact/autocomplete';
import { useState } from 'react';
import type { ProductCard } from '../../../common/api/products';
import { PRODUCT_TYPE_NAMES } from '../../../common/products/makers';
import { koMarket } from '../../i18n/ko-market';
import { productSearchQuery } from './api/product-search';

export interface PickedProduct {
  key: string;
  name: string;
}

interface Suggestion extends PickedProduct {
  meta?: string;
}

const cardName = (p: Pick<ProductCard, 'brand' | 'name'>) => (p.name.toLowerCase().startsWith(p.brand.toLowerCase()) || p.brand === '' ? p.name : `${p.brand} ${p.name}`);

export interface ProductPickerProps {
  inputId: string;
  value: PickedProduct | null;
  onChange: (value: PickedProduct | null) => void;
  aria?: { 'aria-invalid'?: boolean; 'aria-describedby'?: string };
}

export function ProductPicker({ inputId, value, onChange, aria }: ProductPickerProps) {
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
      const items = await client.fetchQuery(productSearchQuery(query));
      setSuggestions(items.map((p) => ({ key: p.key, name: cardName(p), meta: [PRODUCT_TYPE_NAMES[p.type], p.summary].filter(Boolean).join(' · ') })));
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
      emptyMessage={koMarket.picker.empty}
      showEmptyMessage
      placeholder={koMarket.picker.placeholder}
      className="market-product-picker"
      inputClassName="market-product-picker-input"
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
