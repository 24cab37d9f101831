import { ko } from '../../i18n/ko';
import { ComingSoon } from '../../ui/coming-soon';

/** todayPhotoManage: filled in by the admin feature. */
export default function TodayPhotoManagePage() {
  return <ComingSoon title={ko.pages.todayPhotoManage} />;
}
