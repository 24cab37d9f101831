// The members whose letters the caller refuses, each with 차단 해제.
import { AppDialog } from '../../ui/app-dialog';
import { AuthorLink } from '../../ui/author-link';
import { formatPostDate } from '../../ui/list-date';
import { LiteButton } from '../../ui/lite-button';
import { toast } from '../../ui/toast-store';
import { useBlock, useBlockList } from './api/blocks';
import { koLetters } from './texts';

const l = koLetters;

export function BlocksDialog({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const list = useBlockList(visible);
  const block = useBlock();
  const items = list.data ?? [];
  return (
    <AppDialog header={l.blocks} visible={visible} onHide={onHide} style={{ width: '28rem', maxWidth: '95vw' }} modal draggable={false} className="blocks-dialog">
      <p className="blocks-intro">{l.blocksIntro}</p>
      {list.isPending ? (
        <p role="status">{l.loading}</p>
      ) : items.length === 0 ? (
        <p className="blocks-empty">{l.blocksEmpty}</p>
      ) : (
        <ul className="blocks-list">
          {items.map((m) => (
            <li key={m.userId}>
              <span className="blocks-who">
                <AuthorLink author={m} />
                <small>{formatPostDate(m.blockedAt)}</small>
              </span>
              <LiteButton
                small
                outlined
                label={l.unblock}
                onClick={() => block.mutate({ userId: m.userId, blocked: false }, { onSuccess: () => toast.success(l.unblocked(m.nickName)) })}
              />
            </li>
          ))}
        </ul>
      )}
    </AppDialog>
  );
}
