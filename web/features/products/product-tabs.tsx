// The tabs above the product list: the four types with their counts, and the makers with their
// logos. The maker row scrolls sideways on a phone, with fades saying more tabs are off screen.
import { Link } from 'react-router';
import { formatNumber } from '../../../common/format';
import { CAMERA_MAKERS, OTHER_MAKER, PRODUCT_TYPES, type ProductType } from '../../../common/products/makers';
import type { Maker } from './api/makers';
import { productListPath } from '../../shared/paths';
import { ScrollRow } from '../../ui/scroll-row';
import { koProducts } from './texts';

const t = koProducts;

/** The makers in their listed order, then "other". */
export const MAKERS = [...CAMERA_MAKERS, OTHER_MAKER];

export type Counts = Maker['counts'];

/** Per-type counts of a maker, or of every maker for 'all'; null until the makers call answers. */
export function countsOf(makers: Maker[] | undefined, company: string): Counts | null {
  if (!makers) return null;
  const sum: Counts = { body: 0, lens: 0, flash: 0, accessory: 0 };
  for (const m of makers) {
    if (company !== 'all' && m.key !== company) continue;
    for (const type of PRODUCT_TYPES) sum[type] += m.counts[type];
  }
  return sum;
}

/** "138" on screen, "138개" to a screen reader (a hidden "개" alone would be read apart). */
function TabCount({ n }: { n: number }) {
  return (
    <>
      <span className="tab-count" aria-hidden="true">
        {formatNumber(n)}
      </span>
      <span className="visually-hidden">{t.count(formatNumber(n))}</span>
    </>
  );
}

export function TypeTabs({ type, company, counts }: { type: ProductType; company: string; counts: Counts | null }) {
  return (
    <nav className="product-type-tabs" aria-label={t.typeTabs}>
      <ul>
        {PRODUCT_TYPES.map((k) => (
          <li key={k}>
            <Link to={productListPath(k, company)} aria-current={k === type ? 'page' : undefined} className={k === type ? 'active' : undefined}>
              {t.types[k]}
              {/* A space, so a screen reader says "렌즈 138개" rather than "렌즈138개". */}
              {counts && ' '}
              {counts && <TabCount n={counts[k]} />}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function MakerTabs({ type, company, makers }: { type: ProductType; company: string; makers: Maker[] | undefined }) {
  // Makers with nothing of this type are left out once the counts are known (the chosen one stays).
  const shown = MAKERS.filter((m) => {
    if (!makers || m.key === company) return true;
    const counted = makers.find((x) => x.key === m.key);
    return !counted || counted.counts[type] > 0;
  });
  const all = countsOf(makers, 'all');
  return (
    <ScrollRow className="maker-tabs" label={t.makerTabs} watch={`${type}:${company}:${shown.length}`}>
        <li>
          <Link to={productListPath(type, 'all')} aria-current={company === 'all' ? 'page' : undefined} className={company === 'all' ? 'active' : undefined}>
            <span className="maker-all">{t.allMakers}</span>
            {all && ' '}
            {all && <TabCount n={all[type]} />}
          </Link>
        </li>
        {shown.map((m) => {
          const n = makers?.find((x) => x.key === m.key)?.counts[type];
          return (
            <li key={m.key}>
              <Link to={productListPath(type, m.key)} aria-current={company === m.key ? 'page' : undefined} className={company === m.key ? 'active' : undefined}>
                <img src={m.img} alt={m.name} height={m.height} className="maker-logo" />
                {n !== undefined && ' '}
                {n !== undefined && <TabCount n={n} />}
              </Link>
            </li>
          );
        })}
    </ScrollRow>
  );
}
