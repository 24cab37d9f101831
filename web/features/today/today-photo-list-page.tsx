import { ko } from '../../i18n/ko';
import { ComingSoon } from '../../ui/coming-soon';

/** todayPhotoList: filled in by the today feature. */
export default function TodayPhotoListPage() {
  return <ComingSoon title={ko.pages.todayPhotoList} />;
}
