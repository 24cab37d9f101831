import { ko } from '../../i18n/ko';
import { ComingSoon } from '../../ui/coming-soon';

/** productMapManage: filled in by the admin feature. */
export default function ProductMapManagePage() {
  return <ComingSoon title={ko.pages.productMapManage} />;
}
