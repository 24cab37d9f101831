// The product list's filters: words (on Enter or the button), type, maker, shown or hidden, and
// the sort the server offers. They live in the address, so back returns to the previous view.
import { CAMERA_MAKERS, OTHER_MAKER, PRODUCT_TYPE_NAMES, PRODUCT_TYPES } from '../../../../common/products/makers';
import { koAdminProduct } from './texts';
import { AdminFilters, FilterSelect } from '../shared/admin-list';

const t = koAdminProduct;
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
  return (
    <AdminFilters
      label={t.filters}
      search={{ id: 'admin-product-q', label: t.search, placeholder: t.searchPlaceholder, submit: t.searchSubmit, value: values.q, onSearch: (q) => onChange({ q }) }}
    >
      <FilterSelect label={t.type} value={values.type} onChange={(type) => onChange({ type })}>
        <option value="">{t.allTypes}</option>
        {PRODUCT_TYPES.map((type) => (
          <option key={type} value={type}>
            {PRODUCT_TYPE_NAMES[type]}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label={t.company} value={values.company} onChange={(company) => onChange({ company })}>
        <option value="">{t.allMakers}</option>
        {[...CAMERA_MAKERS, OTHER_MAKER].map((m) => (
          <option key={m.key} value={m.key}>
            {m.name}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label={t.shown} value={values.shown} onChange={(v) => onChange({ shown: v as Shown })}>
        <option value="">{t.shownAll}</option>
        <option value="visible">{t.shownVisible}</option>
        <option value="hidden">{t.shownHidden}</option>
      </FilterSelect>
      <FilterSelect label={t.sort} value={values.sort} onChange={(v) => onChange({ sort: v as ProductSort })}>
        {SORTS.map((s) => (
          <option key={s} value={s}>
            {t.sorts[s]}
          </option>
        ))}
      </FilterSelect>
    </AdminFilters>
  );
}
