// The 장비 section of a member's space (docs/product/gear.md): their bodies and lenses as they chose
// to show them, under the newest posts (no tab of its own: the six tabs still fit a phone). A
// private list says so to others (the server sends none of it); the owner sees theirs marked
// private, with 팔기 and a link to manage it.
import { Link } from 'react-router';
import type { SpaceInfo } from '../../../common/api/gallery';
import { formatNumber } from '../../../common/format';
import { myGearPath } from '../../shared/paths';
import { cardName } from '../../ui/product-picker';
import { GearHead, SellLink } from '../../ui/gear-entry';
import { ListEmpty, ListFailed, ListLoading } from '../../ui/list-state';
import { useSpaceGear } from './api/space-gear';
import { koSpace } from './texts';

const g = koSpace.gear;

export function SpaceGear({ info }: { info: SpaceInfo }) {
  const list = useSpaceGear(info.userId);
  const data = list.data;
  let body;
  if (data && data.private && !data.mine) {
    body = (
      <p className="list-state">
        <i className="pi pi-lock" aria-hidden="true" /> {g.privateOther}
      </p>
    );
  } else if (data && data.items.length === 0) {
    body = <ListEmpty text={g.empty} />;
  } else if (data) {
    body = (
      <>
        {data.private && (
          <p className="gear-private-note">
            <i className="pi pi-lock" aria-hidden="true" /> {g.privateMine}
          </p>
        )}
        <ul className="gear-list" aria-label={g.listLabel(info.nickName)}>
          {data.items.map((e) => (
            <li key={e.gearKey} className="gear-item">
              <GearHead product={e.product} note={e.note}>
                {data.mine && (
                  <span className="gear-actions">
                    <SellLink product={e.product} label={g.sell} name={g.sellLabel(cardName(e.product))} />
                  </span>
                )}
              </GearHead>
            </li>
          ))}
        </ul>
      </>
    );
  } else if (list.isError) {
    body = <ListFailed onRetry={() => void list.refetch()} />;
  } else {
    body = <ListLoading text={g.loading} />;
  }
  return (
    <section className="space-section" aria-labelledby="space-gear">
      <div className="space-section-head">
        <h2 id="space-gear">
          {g.title} {data && data.items.length > 0 && <span className="space-tab-count">{formatNumber(data.items.length)}</span>}
        </h2>
        {info.mine && <Link to={myGearPath}>{g.manage}</Link>}
      </div>
      {body}
    </section>
  );
}
