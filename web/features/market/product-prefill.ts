// The write form filled from a product (/market/write?product=<key>): "팔기" on a member's gear
// opens it. The product is attached, the subject is its name and the category the one named for
// its type (c1 바디, c2 렌즈 … as the administrator named them); everything else is the seller's.
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { ProductView } from '../../../common/api/products';
import type { ProductType } from '../../../common/products/makers';
import { callAwait } from '../../api/call';
import { cardName, type PickedProduct } from '../../ui/product-picker';
import { marketKey } from './api/keys';

export interface ProductPrefill {
  product: PickedProduct;
  subject: string;
  type: ProductType;
}

/** Words a category's name carries for each product type. */
const CATEGORY_WORDS: Record<ProductType, RegExp> = {
  body: /바디|카메라/,
  lens: /렌즈/,
  flash: /플래시|조명|스트로보/,
  accessory: /액세서리|악세사리|용품/,
};

/** The first category whose name fits the type (a film camera's category comes after 바디), or null. */
export function categoryFor(categories: ReadonlyArray<{ code: string; name: string }>, type: ProductType | undefined): string | null {
  if (!type) return null;
  return categories.find((c) => CATEGORY_WORDS[type].test(c.name))?.code ?? null;
}

/** The product the address names, once read; pending while it is being read. */
export function useProductPrefill(): { pending: boolean; prefill: ProductPrefill | undefined } {
  const [params] = useSearchParams();
  const key = (params.get('product') ?? '').trim().slice(0, 120);
  const view = useQuery({
    queryKey: [...marketKey, 'prefill', key] as const,
    // Silent: a product that is gone leaves an empty form, no error.
    queryFn: () => callAwait<ProductView>('/api/product/view', { data: { productKey: key }, silent: true }),
    enabled: key !== '',
    retry: false,
  });
  if (!key) return { pending: false, prefill: undefined };
  if (view.isPending) return { pending: true, prefill: undefined };
  const p = view.data;
  // A product that is gone leaves an empty form.
  if (!p) return { pending: false, prefill: undefined };
  const name = cardName(p);
  return { pending: false, prefill: { product: { key: p.key, name }, subject: name, type: p.type } };
}
