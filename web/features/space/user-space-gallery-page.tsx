import { ko } from '../../i18n/ko';
import { ComingSoon } from '../../ui/coming-soon';

/** userSpaceGallery: filled in by the space feature. */
export default function UserSpaceGalleryPage() {
  return <ComingSoon title={ko.pages.userSpaceGallery} />;
}
