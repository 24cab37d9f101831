import { ko } from '../../i18n/ko';
import { ComingSoon } from '../../ui/coming-soon';

/** donateManage: filled in by the admin feature. */
export default function DonateManagePage() {
  return <ComingSoon title={ko.pages.donateManage} />;
}
