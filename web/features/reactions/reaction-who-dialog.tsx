// Who reacted (loaded on its first opening): a filter by reaction, the members newest first with
// a link to each one's space, and 더 보기 for the next page.
import { useState } from 'react';
import { Link } from 'react-router';
import { REACTION_EMOJI, REACTION_LABEL, REACTIONS, type Reaction } from '../../../common/reactions';
import type { ReactionCounts, ReactionTarget } from '../../../common/api/reactions';
import { formatNumber } from '../../../common/format';
import { spacePath } from '../../shared/paths';
import { AppDialog } from '../../ui/app-dialog';
import { LiteButton } from '../../ui/lite-button';
import { useReactionList } from './api/list';
import { koReactions as t } from './texts';

export interface ReactionWhoDialogProps {
  target: ReactionTarget;
  initial: Reaction | undefined;
  counts: ReactionCounts;
  visible: boolean;
  onHide: () => void;
}

export default function ReactionWhoDialog({ target, initial, counts, visible, onHide }: ReactionWhoDialogProps) {
  const [reaction, setReaction] = useState<Reaction | undefined>(initial);
  const list = useReactionList(target, reaction, visible);
  // The counts as the list last read them (another member may have reacted since the page came).
  const now = list.data?.pages[0]?.counts ?? counts;
  const total = REACTIONS.reduce((sum, r) => sum + (now[r] ?? 0), 0);
  const members = list.data?.pages.flatMap((p) => p.items) ?? [];
  const filters: Array<{ value: Reaction | undefined; label: string; n: number }> = [
    { value: undefined, label: t.all, n: total },
    ...REACTIONS.filter((r) => (now[r] ?? 0) > 0 || r === reaction).map((r) => ({ value: r, label: `${REACTION_EMOJI[r]} ${REACTION_LABEL[r]}`, n: now[r] ?? 0 })),
  ];

  return (
    <AppDialog header={t.dialogTitle} visible={visible} onHide={onHide} className="reaction-who-dialog" dismissableMask breakpoints={{ '640px': '95vw' }} style={{ width: '26rem' }}>
      <div className="reaction-filters" role="group" aria-label={t.dialogTitle}>
        {filters.map((f) => (
          <button key={f.value ?? 'all'} type="button" className="reaction-filter" aria-pressed={reaction === f.value} onClick={() => setReaction(f.value)}>
            {f.label} <span className="reaction-filter-count">{formatNumber(f.n)}</span>
          </button>
        ))}
      </div>
      {list.isPending ? (
        <p className="reaction-who-state">{t.loading}</p>
      ) : members.length === 0 ? (
        <p className="reaction-who-state">{t.empty}</p>
      ) : (
        <ul className="reaction-who-list">
          {members.map((m, i) => (
            <li key={`${m.userId}-${i}`}>
              <span className="reaction-who-emoji" role="img" aria-label={REACTION_LABEL[m.reaction]}>
                {REACTION_EMOJI[m.reaction]}
              </span>
              {m.userId ? <Link to={spacePath(m.userId)}>{m.nickName}</Link> : <span className="reaction-who-left">{t.left}</span>}
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage && <LiteButton label={t.more} outlined small loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()} />}
    </AppDialog>
  );
}
