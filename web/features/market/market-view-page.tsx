import { ko } from '../../i18n/ko';
import { ComingSoon } from '../../ui/coming-soon';

/** marketView: filled in by the market feature. */
export default function MarketViewPage() {
  return <ComingSoon title={ko.pages.marketView} />;
}
