import { ko } from '../../i18n/ko';
import { ComingSoon } from '../../ui/coming-soon';

/** logoManage: filled in by the admin feature. */
export default function LogoManagePage() {
  return <ComingSoon title={ko.pages.logoManage} />;
}
