// Posts of a list page: a table on a desktop, cards on a phone. Notices come first from the
// server and wear a 공지 badge; numbers have thousands separators; today's dates show the time.
// A row is one target (row-link.css): tapping anywhere on it opens the post, the author link
// stays a target of its own.
import type { PostSummary } from '../../common/api/boards';
import { formatNumber } from '../../common/format';
import { Link } from 'react-router';
import { useMedia } from '../shared/use-media';
import { ko } from '../i18n/ko';
import { AuthorLink } from './author-link';
import { FoldNotice, useFold } from './ignored-fold';
import { formatListDate, useListNow } from './list-date';
import { postPath, type FromList } from '../shared/paths';
import './post-list.css';
import './row-link.css';

export interface PostListProps {
  items: readonly PostSummary[];
  /** All and topic lists: which board each post is in. */
  showBoard?: boolean;
  /** Board lists on "전체": the post's category before its subject. */
  showCategory?: boolean;
  /** Where 목록 on the post should come back to. */
  from?: FromList;
  label?: string;
}

const b = ko.postList;

function Icons({ post }: { post: PostSummary }) {
  return (
    <>
      {post.hasImage && <i className="pi pi-image post-icon" role="img" aria-label={b.hasImage} title={b.hasImage} />}
      {post.hasFile && <i className="pi pi-paperclip post-icon" role="img" aria-label={b.hasFile} title={b.hasFile} />}
      {post.hasPoll && <span className="post-poll-mark">{b.hasPoll}</span>}
    </>
  );
}

function Subject({ post, showCategory, from }: { post: PostSummary; showCategory?: boolean; from?: FromList }) {
  const count = formatNumber(post.commentCount);
  return (
    <>
      {showCategory && post.categoryName && <span className="post-category">{post.categoryName}</span>}
      {post.answerDepth !== undefined && (
        // An answer sits under its post, one step in per level (decision 39).
        <span className="post-answer-mark" style={{ marginInlineStart: `${post.answerDepth - 1}em` }}>
          <span aria-hidden="true">↳</span>
          <span className="visually-hidden">{b.answer}</span>
        </span>
      )}
      {post.secret && <i className="pi pi-lock post-icon" role="img" aria-label={b.secret} title={b.secret} />}
      <Link to={postPath(post.boardId, post.key)} state={from} className="post-subject row-link" data-row-link>
        {post.subject}
      </Link>
      {post.commentCount > 0 && (
        <span className="comment-count" title={b.commentCount(count)}>
          <span aria-hidden="true">[{count}]</span>
          <span className="visually-hidden">{b.commentCount(count)}</span>
        </span>
      )}
      <Icons post={post} />
    </>
  );
}

const NoticeBadge = () => <span className="notice-badge">{b.notice}</span>;

interface RowProps {
  p: PostSummary;
  showBoard?: boolean;
  showCategory?: boolean;
  from?: FromList;
  now: number;
}

/** A phone's card; an ignored member's post folds (never a notice) until 보기. */
function PostCard({ p, showBoard, showCategory, from, now }: RowProps) {
  const { folded, show: showFolded, focusShown } = useFold(p.author.userId, p.notice);
  if (folded) {
    return (
      <li className="post-card is-ignored">
        <FoldNotice onShow={showFolded} />
      </li>
    );
  }
  return (
    <li ref={focusShown} className={p.notice ? 'post-card has-row-link is-notice' : 'post-card has-row-link'}>
      <div className="post-card-title">
        {p.notice && <NoticeBadge />}
        {showBoard && <span className="post-board">{p.boardName}</span>}
        <Subject post={p} showCategory={showCategory} from={from} />
      </div>
      <div className="post-card-meta">
        <AuthorLink author={p.author} />
        <time dateTime={p.createdAt}>{formatListDate(p.createdAt, now)}</time>
        <span>{b.views(formatNumber(p.views))}</span>
        <span>{b.recommends(formatNumber(p.recommends))}</span>
      </div>
    </li>
  );
}

/** A desktop's row; an ignored member's post folds into one cell (never a notice) until 보기. */
function PostRow({ p, showBoard, showCategory, from, now }: RowProps) {
  const { folded, show: showFolded, focusShown } = useFold(p.author.userId, p.notice);
  if (folded) {
    return (
      <tr className="is-ignored">
        <td colSpan={6}>
          <FoldNotice onShow={showFolded} />
        </td>
      </tr>
    );
  }
  return (
    <tr ref={focusShown} className={p.notice ? 'has-row-link is-notice' : 'has-row-link'}>
      {showBoard ? <td className="col-board">{p.boardName}</td> : <td className="col-no">{p.notice ? <NoticeBadge /> : formatNumber(p.key)}</td>}
      <td className="col-subject">
        {showBoard && p.notice && <NoticeBadge />}
        <Subject post={p} showCategory={showCategory} from={from} />
      </td>
      <td className="col-author">
        <AuthorLink author={p.author} />
      </td>
      <td className="col-date">
        <time dateTime={p.createdAt}>{formatListDate(p.createdAt, now)}</time>
      </td>
      <td className="col-num">{formatNumber(p.views)}</td>
      <td className="col-num">{formatNumber(p.recommends)}</td>
    </tr>
  );
}

export function PostList({ items, showBoard, showCategory, from, label = b.listLabel }: PostListProps) {
  const wide = useMedia('(min-width: 768px)');
  const now = useListNow();

  if (!wide) {
    return (
      <ul className="post-cards" aria-label={label}>
        {items.map((p) => (
          <PostCard key={p.key} p={p} showBoard={showBoard} showCategory={showCategory} from={from} now={now} />
        ))}
      </ul>
    );
  }

  return (
    <table className="post-table">
      <caption className="visually-hidden">{label}</caption>
      <thead>
        <tr>
          {showBoard ? (
            <th scope="col" className="col-board">
              {b.col.board}
            </th>
          ) : (
            <th scope="col" className="col-no">
              {b.col.no}
            </th>
          )}
          <th scope="col" className="col-subject">
            {b.col.subject}
          </th>
          <th scope="col" className="col-author">
            {b.col.author}
          </th>
          <th scope="col" className="col-date">
            {b.col.date}
          </th>
          <th scope="col" className="col-num">
            {b.col.views}
          </th>
          <th scope="col" className="col-num">
            {b.col.recommends}
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((p) => (
          <PostRow key={p.key} p={p} showBoard={showBoard} showCategory={showCategory} from={from} now={now} />
        ))}
      </tbody>
    </table>
  );
}
