import { ko } from '../../i18n/ko';
import { ComingSoon } from '../../ui/coming-soon';

/** marketEdit: filled in by the market feature. */
export default function MarketEditPage() {
  return <ComingSoon title={ko.pages.marketEdit} />;
}
