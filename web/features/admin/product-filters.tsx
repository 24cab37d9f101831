// The product list's filters: words (on Enter or the button), type, maker, shown or hidden, and
// the sort the server offers. They live in the address, so back returns to the previous view.
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { CAMERA_MAKERS, OTHER_MAKER, PRODUCT_TYPE_NAMES, PRODUCT_TYPES } from '../../../common/products/makers';
import { ko } from '../../i18n/ko';
import { LiteButton } from '../../ui/lite-button';

const t = ko.admin.product;
export const SORTS = ['name', 'updated', 'announced'] as const;
export type ProductSort = (typeof SORTS)[number];
export type Shown = '' | 'visible' | 'hidden';

export interface ProductFilterValues {
  q: string;
  type: string;
  company: string;
  shown: Shown;
  sort: ProductSort;
}

export function ProductFilters({ values, onChange }: { values: ProductFilterValues; onChange: (next: Partial<ProductFilterValues>) => void }) {
  const [q, setQ] = useState(values.q);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onChange({ q: q.trim().slice(0, 60) });
  };
  return (
    <form role="search" aria-label={t.filters} className="admin-filters" onSubmit={submit}>
      <div className="filter-search">
        <label htmlFor="admin-product-q" className="visually-hidden">
          {t.search}
        </label>
        <InputText id="admin-product-q" type="search" value={q} maxLength={60} placeholder={t.searchPlaceholder} onChange={(e) => setQ(e.target.value)} enterKeyHint="search" />
        <LiteButton type="submit" icon="pi pi-search" label={t.searchSubmit} />
      </div>
      <div className="filter-selects">
        <label>
          <span className="filter-label">{t.type}</span>
          <select className="p-inputtext p-component" value={values.type} onChange={(e) => onChange({ type: e.target.value })}>
            <option value="">{t.allTypes}</option>
            {PRODUCT_TYPES.map((type) => (
              <option key={type} value={type}>
                {PRODUCT_TYPE_NAMES[type]}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="filter-label">{t.company}</span>
          <select className="p-inputtext p-component" value={values.company} onChange={(e) => onChange({ company: e.target.value })}>
            <option value="">{t.allMakers}</option>
            {[...CAMERA_MAKERS, OTHER_MAKER].map((m) => (
              <option key={m.key} value={m.key}>
                {m.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="filter-label">{t.shown}</span>
          <select className="p-inputtext p-component" value={values.shown} onChange={(e) => onChange({ shown: e.target.value as Shown })}>
            <option value="">{t.shownAll}</option>
            <option value="visible">{t.shownVisible}</option>
            <option value="hidden">{t.shownHidden}</option>
          </select>
        </label>
        <label>
          <span className="filter-label">{t.sort}</span>
          <select className="p-inputtext p-component" value={values.sort} onChange={(e) => onChange({ sort: e.target.value as ProductSort })}>
            {SORTS.map((s) => (
              <option key={s} value={s}>
                {t.sorts[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
    </form>
  );
}
