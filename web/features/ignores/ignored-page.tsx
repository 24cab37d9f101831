// ignoredMembers (/user/ignored/{page?}, decision 46): the members the caller ignores, 20 a page,
// newest first, each with 차단 해제. my-info links here; it needs no password, as it changes
// nothing of the account. Visitors are asked to log in.
import { useParams } from 'react-router';
import { formatDate, formatNumber } from '../../../common/format';
import type { IgnoredMember } from '../../../common/api/ignores';
import { loginPopup } from '../../shared/login-popup-store';
import { ignoredPath, pageParam } from '../../shared/paths';
import { useSessionUser } from '../../shared/session-store';
import { AuthorLink } from '../../ui/author-link';
import { useDocumentTitle } from '../../ui/document-title';
import { ListPager } from '../../ui/list-pager';
import { LiteButton } from '../../ui/lite-button';
import { toast } from '../../ui/toast-store';
import { useIgnoredPage, useUnignore } from './api/ignored-list';
import './ignores.css';
import { koIgnores } from './texts';

const k = koIgnores;

function Row({ m }: { m: IgnoredMember }) {
  const undo = useUnignore();
  return (
    <li className="ignored-row">
      <span className="ignored-who">
        <AuthorLink author={m} />
        <span className="ignored-since">{k.since(formatDate(m.ignoredAt))}</span>
      </span>
      <LiteButton
        icon="pi pi-eye"
        label={k.undo}
        aria-label={k.undoLabel(m.nickName)}
        outlined
        loading={undo.isPending && undo.variables === m.userId}
        onClick={() => undo.mutate(m.userId, { onSuccess: () => toast.success(k.undone(m.nickName)) })}
      />
    </li>
  );
}

export default function IgnoredPage() {
  useDocumentTitle(k.title);
  const page = pageParam(useParams().page);
  const user = useSessionUser();
  const list = useIgnoredPage(page, user.logined);
  const data = list.data;

  let body;
  if (!user.logined) {
    body = (
      <p className="list-state">
        <i className="pi pi-lock" aria-hidden="true" /> {k.loginPrompt}{' '}
        <LiteButton label={k.login} icon="pi pi-sign-in" small outlined onClick={() => loginPopup.open()} />
      </p>
    );
  } else if (list.isPending) {
    body = (
      <p className="list-state" role="status">
        <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {k.loading}
      </p>
    );
  } else if (!data) {
    body = (
      <p className="list-state" role="alert">
        <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {k.loadFailed}{' '}
        <LiteButton label={k.retry} icon="pi pi-refresh" small outlined onClick={() => void list.refetch()} />
      </p>
    );
  } else if (data.items.length === 0) {
    body = (
      <p className="list-state list-empty">
        <i className="pi pi-check-circle" aria-hidden="true" /> {k.empty}
      </p>
    );
  } else {
    body = (
      <>
        <p className="ignored-total">{k.total(formatNumber(data.total))}</p>
        <ul className="ignored-list" aria-label={k.listLabel}>
          {data.items.map((m) => (
            <Row key={m.userId} m={m} />
          ))}
        </ul>
        <ListPager page={data.page} pageSize={data.pageSize} total={data.total} hrefOf={ignoredPath} label={k.pager} />
      </>
    );
  }

  return (
    <section className="ignored-page">
      <h1>{k.title}</h1>
      <p className="lead">{k.intro}</p>
      {body}
    </section>
  );
}
