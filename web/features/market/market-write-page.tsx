import { ko } from '../../i18n/ko';
import { ComingSoon } from '../../ui/coming-soon';

/** marketWrite: filled in by the market feature. */
export default function MarketWritePage() {
  return <ComingSoon title={ko.pages.marketWrite} />;
}
