// userSpaceComment (/space/{userId}/comment/{page?}): the member's comments, each with the post it
// is under and a plain-text excerpt, the whole row linking to the comment; only under posts the
// visitor may read.
import { Link, useParams } from 'react-router';
import type { SpaceInfo } from '../../../common/api/gallery';
import { formatListDate, useListNow } from '../../ui/list-date';
import { postPath, pageParam, spacePath } from '../../shared/paths';
import { useSpaceComments, type SpaceCommentRow } from './api/space-comments';
import { SpaceFrame } from './space-frame';
import { SpaceList } from './space-list';
import '../../ui/row-link.css';
import { koSpace } from './texts';

function CommentRows({ items, label }: { items: SpaceCommentRow[]; label: string }) {
  const now = useListNow();
  return (
    <ul className="space-comments" aria-label={label}>
      {items.map((c) => (
        <li key={c.commentKey} className="space-comment has-row-link">
          <Link to={`${postPath(c.boardId, c.postKey)}#comment-${c.commentKey}`} className="row-link space-comment-excerpt" data-row-link>
            {c.excerpt}
          </Link>
          <span className="space-comment-meta">
            <span className="space-comment-where">{koSpace.commentOn(c.boardName, c.postSubject)}</span>
            <time dateTime={c.createdAt}>{formatListDate(c.createdAt, now)}</time>
          </span>
        </li>
      ))}
    </ul>
  );
}

function Comments({ info, page }: { info: SpaceInfo; page: number }) {
  const query = useSpaceComments(info.userId, page);
  return (
    <SpaceList query={query} empty={koSpace.empty.comment} hrefOf={(n) => spacePath(info.userId, 'comment', n)}>
      {(items) => <CommentRows items={items} label={koSpace.listLabel.comment(info.nickName)} />}
    </SpaceList>
  );
}

export default function UserSpaceCommentPage() {
  const page = pageParam(useParams().page);
  return (
    <SpaceFrame tab="comment" title={koSpace.tab.comment}>
      {(info) => <Comments info={info} page={page} />}
    </SpaceFrame>
  );
}
