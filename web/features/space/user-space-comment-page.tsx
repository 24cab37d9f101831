// userSpaceComment (/space/{userId}/comment/{page?}): the member's comments, each with the post it
// is under and a plain-text excerpt, linking to the comment; only under posts the visitor may read.
import { Link, useParams } from 'react-router';
import type { SpaceInfo } from '../../../common/api/gallery';
import { koSpace } from '../../i18n/ko-gallery';
import { formatListDate, useListNow } from '../../ui/list-date';
import { postPath } from '../../ui/post-path';
import { useSpaceComments, type SpaceCommentRow } from './api/space-comments';
import { pageParam, spacePath } from './paths';
import { SpaceFrame } from './space-frame';
import { SpaceList } from './space-list';

function CommentRows({ items, label }: { items: SpaceCommentRow[]; label: string }) {
  const now = useListNow();
  return (
    <ul className="space-comments" aria-label={label}>
      {items.map((c) => (
        <li key={c.commentKey} className="space-comment">
          <Link to={`${postPath(c.boardId, c.postKey)}#comment-${c.commentKey}`} className="space-comment-excerpt">
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
