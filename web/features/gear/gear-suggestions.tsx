// Gear suggested from the member's own photos: each product their uploads' EXIF named that the
// list does not hold yet, most used first, asked as "이 카메라를 쓰시나요?" with 추가 and
// 쓰지 않아요 (never suggested again).
import { formatNumber } from '../../../common/format';
import type { GearSuggestion } from '../../../common/api/gear';
import { GearHead } from '../../ui/gear-entry';
import { cardName } from '../../ui/product-picker';
import { LiteButton } from '../../ui/lite-button';
import { toast } from '../../ui/toast-store';
import { useDismissGear, useGearSuggestions, useSaveGear } from './api/gear';
import { koGear } from './texts';

const g = koGear;

function Suggestion({ s }: { s: GearSuggestion }) {
  const save = useSaveGear();
  const dismiss = useDismissGear();
  const name = cardName(s.product);
  const busy = save.isPending || dismiss.isPending;
  return (
    <li className="gear-item gear-suggestion">
      <p className="gear-ask">{s.product.type === 'body' ? g.askBody : g.askLens}</p>
      <GearHead product={s.product}>
        <span className="gear-photos">{g.photos(formatNumber(s.photos))}</span>
        <span className="gear-actions">
          <LiteButton
            icon="pi pi-plus"
            label={g.yes}
            aria-label={g.yesLabel(name)}
            small
            loading={save.isPending}
            disabled={busy}
            onClick={() => save.mutate({ productKey: s.product.key }, { onSuccess: () => toast.success(g.added(name)) })}
          />
          <LiteButton
            icon="pi pi-times"
            label={g.no}
            aria-label={g.noLabel(name)}
            small
            outlined
            loading={dismiss.isPending}
            disabled={busy}
            onClick={() => dismiss.mutate({ productKey: s.product.key }, { onSuccess: () => toast.info(g.dismissed(name)) })}
          />
        </span>
      </GearHead>
    </li>
  );
}

/** Nothing at all while there is nothing to suggest (the page stays short). */
export function GearSuggestions() {
  const list = useGearSuggestions(true);
  const items = list.data ?? [];
  if (items.length === 0) return null;
  return (
    <section className="gear-block" aria-labelledby="gear-suggestions">
      <h2 id="gear-suggestions">{g.suggestions}</h2>
      <p className="gear-hint">{g.suggestionsHint}</p>
      <ul className="gear-list" aria-labelledby="gear-suggestions">
        {items.map((s) => (
          <Suggestion key={s.product.key} s={s} />
        ))}
      </ul>
    </section>
  );
}
