import { ko } from '../../i18n/ko';
import { ComingSoon } from '../../ui/coming-soon';

/** programManage: filled in by the admin feature. */
export default function ProgramManagePage() {
  return <ComingSoon title={ko.pages.programManage} />;
}
