// One entry of a member's gear as lists show it: the product's picture (or its type's icon),
// maker and name linked to its page, its key specs and the member's note.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProductCard } from '../../../common/api/products';
import { productViewPath } from '../../shared/paths';
import { cardName } from '../../ui/product-picker';
import { sellPath } from './paths';
import { koGear } from './texts';

const TYPE_ICON: Record<string, string> = { body: 'pi pi-camera', lens: 'pi pi-circle' };

export function GearThumb({ product }: { product: ProductCard }) {
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
        <span className="gear-type">{koGear.types[product.type] ?? product.type}</span>
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

export function SellLink({ product }: { product: ProductCard }) {
  return (
    <Link to={sellPath(product.key)} className="p-button p-component p-button-outlined p-button-sm gear-sell" aria-label={koGear.sellLabel(cardName(product))}>
      <span className="p-button-icon p-button-icon-left pi pi-tag" aria-hidden="true" />
      <span className="p-button-label">{koGear.sell}</span>
    </Link>
  );
}
