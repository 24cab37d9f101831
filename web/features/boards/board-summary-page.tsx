// boardSummary (/board/{id}/summary): the newest few posts of each category and the week's best.
// Each post is one row to tap (row-link.css); its author link stays a target of its own.
import { Link, useParams } from 'react-router';
import type { PostSummary } from '../../../common/api/boards';
import { formatNumber } from '../../../common/format';
import { ko } from '../../i18n/ko';
import { AuthorLink } from '../../ui/author-link';
import { FoldNotice, useFold } from '../../ui/ignored-fold';
import { useDocumentTitle } from '../../ui/document-title';
import { formatListDate, useListNow } from '../../ui/list-date';
import { useBoardSummary } from './api/board-summary';
import { ListFailed, ListLoading } from '../../ui/list-state';
import { boardListPath, postPath, summaryPath } from '../../shared/paths';
import '../../ui/row-link.css';
import './boards.css';
import { koBoards } from './texts';

const s = koBoards.summary;

function MiniList({ items, from, empty }: { items: readonly PostSummary[]; from: string; empty: string }) {
  const now = useListNow();
  if (items.length === 0) return <p className="list-empty mini-empty">{empty}</p>;
  return (
    <ol className="mini-list">
      {items.map((p) => (
        <MiniRow key={p.key} p={p} from={from} now={now} />
      ))}
    </ol>
  );
}

/** One post; an ignored member's folds until 보기 (decision 46), a notice never. */
function MiniRow({ p, from, now }: { p: PostSummary; from: string; now: number }) {
  const { folded, show: showFolded, focusShown } = useFold(p.author.userId, p.notice);
  if (folded) {
    return (
      <li className="is-ignored">
        <FoldNotice onShow={showFolded} />
      </li>
    );
  }
  return (
    <li ref={focusShown} className="has-row-link">
      <Link to={postPath(p.boardId, p.key)} state={{ listPath: from }} className="post-subject row-link" data-row-link>
        {p.subject}
      </Link>
      {p.commentCount > 0 && (
        <span className="comment-count">
          <span aria-hidden="true">[{formatNumber(p.commentCount)}]</span>
          <span className="visually-hidden">{ko.postList.commentCount(formatNumber(p.commentCount))}</span>
        </span>
      )}
      <span className="mini-meta">
        <AuthorLink author={p.author} />
        <time dateTime={p.createdAt}>{formatListDate(p.createdAt, now)}</time>
      </span>
    </li>
  );
}

export default function BoardSummaryPage() {
  const { id = '' } = useParams();
  const summary = useBoardSummary(id);
  const data = summary.data;
  const name = data?.board.name ?? ko.pages.boardSummary;
  useDocumentTitle(data ? s.title(name) : ko.pages.boardSummary);
  const here = summaryPath(id);

  return (
    <section className="board-page board-summary-page">
      <header className="board-head">
        <div className="board-head-text">
          <h1>{data ? s.title(name) : '\u00a0'}</h1>
          {data?.board.description && <p className="lead">{data.board.description}</p>}
        </div>
        <Link to={boardListPath(id)} className="p-button p-component p-button-outlined">
          <span className="p-button-icon p-button-icon-left pi pi-list" aria-hidden="true" />
          <span className="p-button-label">{s.toList}</span>
        </Link>
      </header>
      {summary.isPending ? (
        <ListLoading />
      ) : !data ? (
        <ListFailed onRetry={() => void summary.refetch()} />
      ) : (
        <div className="summary-grid">
          <section className="summary-card summary-best" aria-labelledby="summary-best">
            <h2 id="summary-best">
              <i className="pi pi-star-fill" aria-hidden="true" /> {s.best}
            </h2>
            <MiniList items={data.best} from={here} empty={s.bestEmpty} />
          </section>
          {data.categories.map((c) => (
            <section key={c.code} className="summary-card" aria-labelledby={`summary-${c.code}`}>
              <h2 id={`summary-${c.code}`}>
                <Link to={boardListPath(id, c.code)} aria-label={s.more(c.name)}>
                  {c.name} <i className="pi pi-angle-right" aria-hidden="true" />
                </Link>
              </h2>
              <MiniList items={c.items} from={here} empty={s.empty} />
            </section>
          ))}
        </div>
      )}
    </section>
  );
}
