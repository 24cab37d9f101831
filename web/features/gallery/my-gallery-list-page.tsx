import { ko } from '../../i18n/ko';
import { ComingSoon } from '../../ui/coming-soon';

/** myGalleryList: filled in by the gallery feature. */
export default function MyGalleryListPage() {
  return <ComingSoon title={ko.pages.myGalleryList} />;
}
