// favoritePage (/favorite/list/{page?}): the member's scraps, 20 a page, each linking back to its
// post (tapping anywhere on the row opens it, row-link.css), with a remove button. Visitors are
// asked to log in.
import { Link, useParams } from 'react-router';
import { formatNumber } from '../../../common/format';
import { loginPopup } from '../../shared/login-popup-store';
import { useSessionUser } from '../../shared/session-store';
import { AuthorLink } from '../../ui/author-link';
import { confirm } from '../../ui/confirm';
import { useDocumentTitle } from '../../ui/document-title';
import { formatListDate, useListNow } from '../../ui/list-date';
import { ListPager } from '../../ui/list-pager';
import { LiteButton } from '../../ui/lite-button';
import { toast } from '../../ui/toast-store';
import { useDeleteFavorite } from './api/favorite-delete';
import { useFavoriteList } from './api/favorite-list';
import '../../ui/row-link.css';
import './favorites.css';
import { koFavorites } from './texts';
import { boardViewPath, favoriteListPath, marketViewPath } from '../../shared/paths';

const f = koFavorites;

const pageOf = (raw: string | undefined) => {
  const n = Number(raw ?? 1);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};
const postPath = (boardId: string, key: number) => (boardId === 'market' ? marketViewPath(key) : boardViewPath(boardId, key));

export default function FavoritePage() {
  useDocumentTitle(f.title);
  const page = pageOf(useParams().page);
  const user = useSessionUser();
  const list = useFavoriteList(page, user.logined);
  const remove = useDeleteFavorite();
  const data = list.data;
  const now = useListNow();

  const askRemove = (favoriteKey: number) =>
    confirm({ message: f.confirmRemove, accept: () => remove.mutate(favoriteKey, { onSuccess: () => toast.success(f.removed) }) });

  let body;
  if (!user.logined) {
    body = (
      <p className="list-state">
        <i className="pi pi-lock" aria-hidden="true" /> {f.loginPrompt}{' '}
        <LiteButton label={f.login} icon="pi pi-sign-in" small outlined onClick={() => loginPopup.open()} />
      </p>
    );
  } else if (list.isPending) {
    body = (
      <p className="list-state" role="status">
        <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {f.loading}
      </p>
    );
  } else if (!data || data.items.length === 0) {
    body = (
      <p className="list-state">
        <i className="pi pi-bookmark" aria-hidden="true" /> {f.empty}
      </p>
    );
  } else {
    body = (
      <>
        <ul className="favorite-list" aria-label={f.listLabel}>
          {data.items.map((item) => (
            <li key={item.favoriteKey} className="favorite-item has-row-link">
              <div className="favorite-main">
                <span className="favorite-board">{item.boardName}</span>
                <Link to={postPath(item.boardId, item.key)} className="favorite-subject row-link" data-row-link>
                  {item.subject}
                </Link>
                <span className="favorite-meta">
                  <AuthorLink author={item.author} />
                  <span>
                    {f.scrappedAt} <time dateTime={item.scrappedAt}>{formatListDate(item.scrappedAt, now)}</time>
                  </span>
                </span>
              </div>
              <LiteButton
                icon="pi pi-trash"
                label={f.remove}
                text
                small
                className="p-button-danger"
                aria-label={f.removeLabel(item.subject)}
                onClick={() => askRemove(item.favoriteKey)}
              />
            </li>
          ))}
        </ul>
        <ListPager page={page} pageSize={data.pageSize} total={data.total} hrefOf={favoriteListPath} />
      </>
    );
  }

  return (
    <section className="favorite-page">
      <h1>{f.title}</h1>
      <p className="lead">
        {f.intro}
        {data && user.logined ? ` ${f.total(formatNumber(data.total))}` : ''}
      </p>
      {body}
    </section>
  );
}
