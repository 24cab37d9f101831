import { ko } from '../../i18n/ko';
import { ComingSoon } from '../../ui/coming-soon';

/** productView: filled in by the products feature. */
export default function ProductViewPage() {
  return <ComingSoon title={ko.pages.productView} />;
}
