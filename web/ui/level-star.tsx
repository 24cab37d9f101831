// The star beside a member's nickname, coloured by activity rank (docs/product/members.md#activity-rank-and-stars): rainbow up to 100,
// red to 300, green to 600, blue to 1000, an outline to 1500, none above. On the first-load path,
// so it stays a few lines.
import { formatNumber } from '../../common/format';
import { starColor } from '../../common/level-star';
import { ko } from '../i18n/ko';

export function LevelStar({ levelKey }: { levelKey: number | null | undefined }) {
  const color = starColor(levelKey);
  if (!color || levelKey == null) return null;
  const title = ko.levelStar.title(formatNumber(levelKey));
  return (
    <span className={`level-star level-star-${color}`} role="img" aria-label={title} title={title}>
      <i className={color === 'outline' ? 'pi pi-star' : 'pi pi-star-fill'} aria-hidden="true" />
    </span>
  );
}
