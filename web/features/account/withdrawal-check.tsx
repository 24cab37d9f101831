// What holds the member's withdrawal now (decision 32): board posts and comments left, the
// auctions that must end first (each a link to the item) and the open items it would cancel.
// Advice read when the dialog opens; the server decides again when the form is sent.
import { Link } from 'react-router';
import { WITHDRAWAL_MSG, type WithdrawalCheck } from '../../../common/api/account';
import { formatDateTime } from '../../../common/format';
import { closeAccountDialog } from '../../shared/account-dialog-store';
import { useSessionUser } from '../../shared/session-store';
import { useWithdrawalCheck } from './api/withdraw';
import { koWithdraw } from './texts';
import { marketViewPath, spacePath } from '../../shared/paths';

function HeldList({ label, items }: { label: string; items: WithdrawalCheck['leading'] }) {
  if (items.length === 0) return null;
  return (
    <>
      <h4>{label}</h4>
      <ul>
        {items.map((a) => (
          <li key={a.key}>
            <Link to={marketViewPath(a.key)} onClick={closeAccountDialog}>
              {a.subject}
            </Link>{' '}
            <small>({koWithdraw.endsAt(formatDateTime(a.endsAt))})</small>
          </li>
        ))}
      </ul>
    </>
  );
}

export function WithdrawalCheckNow() {
  const user = useSessionUser();
  const { data } = useWithdrawalCheck();
  if (!data) return <p className="withdrawal-now">{koWithdraw.checking}</p>;
  const content = data.posts + data.comments > 0;
  const held = data.auctionsWithBids.length + data.leading.length > 0;
  return (
    <section className="withdrawal-now" aria-live="polite">
      <h3>
        <i className="pi pi-list-check" aria-hidden="true" /> {koWithdraw.now}
      </h3>
      {content && (
        <p className="withdrawal-warning">
          {WITHDRAWAL_MSG.contentLeft(data.posts, data.comments)}{' '}
          <Link to={spacePath(user.userId, 'board')} onClick={closeAccountDialog}>
            {koWithdraw.myPosts}
          </Link>
        </p>
      )}
      {held && <p className="withdrawal-warning">{WITHDRAWAL_MSG.held(data.auctionsWithBids.length, data.leading.length)}</p>}
      <HeldList label={koWithdraw.heldSelling} items={data.auctionsWithBids} />
      <HeldList label={koWithdraw.heldLeading} items={data.leading} />
      {data.openItems > 0 && <p>{koWithdraw.openItems(data.openItems)}</p>}
      {!content && !held && <p>{koWithdraw.ready}</p>}
    </section>
  );
}
