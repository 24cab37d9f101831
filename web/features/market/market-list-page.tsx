import { ko } from '../../i18n/ko';
import { ComingSoon } from '../../ui/coming-soon';

/** marketList: filled in by the market feature. */
export default function MarketListPage() {
  return <ComingSoon title={ko.pages.marketList} />;
}
