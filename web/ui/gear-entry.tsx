// A product of a member's gear as lists show it (the space's 장비 section, the 내 장비 page): its
// picture (or its type's icon), type, maker and name linked to its page, key specs and the
// member's note; and 팔기, the market's write form filled from the product.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProductCard } from '../../common/api/products';
import { PRODUCT_TYPE_NAMES } from '../../common/products/makers';
import { productViewPath, sellPath } from '../shared/paths';
import { cardName } from './product-picker';
import './gear-entry.css';

const TYPE_ICON: Record<string, string> = { body: 'pi pi-camera', lens: 'pi pi-circle' };

function GearThumb({ product }: { product: ProductCard }) {
  return product.thumbUrl ? (
    <img src={product.thumbUrl} alt="" width={64} height={64} loading="lazy" decoding="async" className="gear-thumb" />
  ) : (
    <span className="gear-thumb gear-thumb-none" aria-hidden="true">
      <i className={TYPE_ICON[product.type] ?? 'pi pi-box'} />
    </span>
  );
}

/** The product's part of an entry; `children` holds the entry's own controls. */
export function GearHead({ product, note, children }: { product: ProductCard; note?: string; children?: ReactNode }) {
  return (
    <div className="gear-head">
      <GearThumb product={product} />
      <div className="gear-text">
        <span className="gear-type">{PRODUCT_TYPE_NAMES[product.type]}</span>
        <Link to={productViewPath(product.key)} className="gear-name">
          {cardName(product)}
        </Link>
        {product.summary && <span className="gear-summary">{product.summary}</span>}
        {note && <span className="gear-note">{note}</span>}
        {children}
      </div>
    </div>
  );
}

/** 팔기: `label` shows, `name` is the accessible name (it starts with the product's name and ends with the label). */
export function SellLink({ product, label, name }: { product: ProductCard; label: string; name: string }) {
  return (
    <Link to={sellPath(product.key)} className="p-button p-component p-button-outlined p-button-sm gear-sell" aria-label={name}>
      <span className="p-button-icon p-button-icon-left pi pi-tag" aria-hidden="true" />
      <span className="p-button-label">{label}</span>
    </Link>
  );
}
