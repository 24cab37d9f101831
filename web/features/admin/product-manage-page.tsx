import { ko } from '../../i18n/ko';
import { ComingSoon } from '../../ui/coming-soon';

/** productManage: filled in by the admin feature. */
export default function ProductManagePage() {
  return <ComingSoon title={ko.pages.productManage} />;
}
