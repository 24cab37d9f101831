import { ko } from '../../i18n/ko';
import { ComingSoon } from '../../ui/coming-soon';

/** marketPriceTrace: filled in by the market feature. */
export default function MarketPriceTracePage() {
  return <ComingSoon title={ko.pages.marketPriceTrace} />;
}
