import { ko } from '../../i18n/ko';
import { ComingSoon } from '../../ui/coming-soon';

/** productList: filled in by the products feature. */
export default function ProductListPage() {
  return <ComingSoon title={ko.pages.productList} />;
}
