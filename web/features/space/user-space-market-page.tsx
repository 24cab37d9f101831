import { ko } from '../../i18n/ko';
import { ComingSoon } from '../../ui/coming-soon';

/** userSpaceMarket: filled in by the space feature. */
export default function UserSpaceMarketPage() {
  return <ComingSoon title={ko.pages.userSpaceMarket} />;
}
