// boardSummary (/board/{id}/summary): the newest few posts of each category and the week's best.
import { Link, useParams } from 'react-router';
import type { PostSummary } from '../../../common/api/boards';
import { formatNumber } from '../../../common/format';
import { ko } from '../../i18n/ko';
import { AuthorLink } from '../../ui/author-link';
import { useDocumentTitle } from '../../ui/document-title';
import { formatListDate, useListNow } from '../../ui/list-date';
import { useBoardSummary } from './api/board-summary';
import { ListFailed, ListLoading } from '../../ui/list-state';
import { boardListPath, postPath } from './paths';
import './boards.css';

const s = ko.boards.summary;

function MiniList({ items, from, empty }: { items: readonly PostSummary[]; from: string; empty: string }) {
  const now = useListNow();
  if (items.length === 0) return <p className="list-empty mini-empty">{empty}</p>;
  return (
    <ol className="mini-list">
      {items.map((p) => (
        <li key={p.key}>
          <Link to={postPath(p.boardId, p.key)} state={{ listPath: from }} className="post-subject">
            {p.subject}
          </Link>
          {p.commentCount > 0 && (
            <span className="comment-count">
              <span aria-hidden="true">[{formatNumber(p.commentCount)}]</span>
              <span className="visually-hidden">{ko.boards.commentCount(formatNumber(p.commentCount))}</span>
            </span>
          )}
          <span className="mini-meta">
            <AuthorLink author={p.author} />
            <time dateTime={p.createdAt}>{formatListDate(p.createdAt, now)}</time>
          </span>
        </li>
      ))}
    </ol>
  );
}

export default function BoardSummaryPage() {
  const { id = '' } = useParams();
  const summary = useBoardSummary(id);
  const data = summary.data;
  const name = data?.board.name ?? ko.pages.boardSummary;
  useDocumentTitle(data ? s.title(name) : ko.pages.boardSummary);
  const here = `/board/${encodeURIComponent(id)}/summary`;

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
