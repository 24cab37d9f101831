import { ko } from '../../i18n/ko';
import { ComingSoon } from '../../ui/coming-soon';

/** favoritePage: filled in by the favorites feature. */
export default function FavoritePage() {
  return <ComingSoon title={ko.pages.favoritePage} />;
}
