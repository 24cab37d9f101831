// myGalleryList (/gallery/my/list): the owner's manager. The list of their items (cover, title,
// photo count, 전시 중 and 오늘의 사진 badges) with edit and delete, and the form for a new
// item (?edit=new) or an edit (?edit={key}), each its own address. Visitors are asked to log in.
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { GallerySummary } from '../../../common/api/gallery';
import { formatNumber } from '../../../common/format';
import { loginPopup } from '../../shared/login-popup-store';
import { useSessionUser } from '../../shared/session-store';
import { confirm } from '../../ui/confirm';
import { useDocumentTitle } from '../../ui/document-title';
import { formatListDate, useListNow } from '../../ui/list-date';
import { ListPager } from '../../ui/list-pager';
import { ListEmpty, ListFailed, ListLoading } from '../../ui/list-state';
import { LiteButton } from '../../ui/lite-button';
import { toast } from '../../ui/toast-store';
import '../../ui/row-link.css';
import { useDeleteGallery } from './api/gallery-delete';
import { useGalleryView } from './api/gallery-view';
import { useMyGallery } from './api/my-gallery-list';
import { Badges } from './badges';
import { GalleryForm } from './gallery-form';
import { galleryEditPath, galleryNewPath, galleryViewPath, myGalleryPath } from '../../shared/paths';
import { keyParam } from './route-params';
import './gallery.css';
import { koGallery } from './texts';

const m = koGallery.my;
const f = koGallery.form;

const listPath = (page: number) => (page > 1 ? `${myGalleryPath}?page=${page}` : myGalleryPath);

function Row({ item, now }: { item: GallerySummary; now: number }) {
  const del = useDeleteGallery();
  const askDelete = () =>
    confirm({
      message: m.confirmDelete(item.title),
      accept: () => del.mutate(item.galleryKey, { onSuccess: () => toast.success(koGallery.deleted) }),
    });
  return (
    // The whole row opens the item: the title's link is stretched over it (web/ui/row-link.css).
    <li className="my-gallery-row has-row-link">
      <span className="my-gallery-cover">
        <img src={item.cover.thumbUrl} alt="" width={120} height={90} loading="lazy" decoding="async" />
      </span>
      <div className="my-gallery-text">
        <Link to={galleryViewPath(item.galleryKey)} className="row-link my-gallery-title" data-row-link>
          {item.title}
        </Link>
        <Badges inMuseum={item.inMuseum} todayDates={item.todayDates} />
        <span className="my-gallery-meta">
          <span>{koGallery.photos(formatNumber(item.photoCount))}</span>
          <time dateTime={item.createdAt}>{formatListDate(item.createdAt, now)}</time>
          <span>
            {koGallery.views} {formatNumber(item.views)}
          </span>
          <span>
            {koGallery.recommends} {formatNumber(item.recommends)}
          </span>
          <span>
            {koGallery.comments} {formatNumber(item.commentCount)}
          </span>
        </span>
      </div>
      <div className="my-gallery-buttons">
        <Link to={galleryEditPath(item.galleryKey)} className="p-button p-component p-button-outlined p-button-sm" aria-label={m.editLabel(item.title)}>
          <span className="p-button-icon p-button-icon-left pi pi-pencil" aria-hidden="true" />
          <span className="p-button-label">{koGallery.edit}</span>
        </Link>
        <LiteButton icon="pi pi-trash" label={koGallery.delete} aria-label={m.deleteLabel(item.title)} outlined small className="p-button-danger" loading={del.isPending} onClick={askDelete} />
      </div>
    </li>
  );
}

function MyList({ userId, page }: { userId: string; page: number }) {
  const list = useMyGallery(userId, page);
  const now = useListNow();
  const data = list.data;
  if (!data) return list.isError ? <ListFailed onRetry={() => void list.refetch()} /> : <ListLoading text={koGallery.loading} />;
  if (data.items.length === 0) return <ListEmpty text={m.empty} />;
  return (
    <>
      <p className="space-total">{m.total(formatNumber(data.total))}</p>
      <ul className="my-gallery-list" aria-label={m.listLabel}>
        {data.items.map((item) => (
          <Row key={item.galleryKey} item={item} now={now} />
        ))}
      </ul>
      <ListPager page={data.page} pageSize={data.pageSize} total={data.total} hrefOf={listPath} />
    </>
  );
}

function EditExisting({ galleryKey, onDone }: { galleryKey: number; onDone: (saved?: number) => void }) {
  const view = useGalleryView(galleryKey);
  const item = view.data;
  if (!item) return view.isError ? <ListFailed onRetry={() => void view.refetch()} /> : <ListLoading text={koGallery.loading} />;
  if (!item.abilities.canEdit) return <ListEmpty text={koGallery.notFound} />;
  return (
    <GalleryForm
      draft={{
        galleryKey: item.galleryKey,
        title: item.title,
        description: item.description,
        photos: item.photos.map((p) => ({ fileKey: p.fileKey, thumbUrl: p.thumbUrl, caption: p.caption })),
      }}
      onSaved={onDone}
      onCancel={() => onDone()}
    />
  );
}

export default function MyGalleryListPage() {
  const user = useSessionUser();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const edit = params.get('edit');
  const editKey = edit === 'new' ? null : keyParam(edit);
  const page = keyParam(params.get('page')) ?? 1;
  const heading = edit === 'new' ? f.newTitle : editKey !== null ? f.editTitle : m.title;
  useDocumentTitle(heading);

  const done = (saved?: number) => navigate(saved ? galleryViewPath(saved) : myGalleryPath);

  let body;
  if (!user.logined) {
    body = (
      <p className="list-state">
        <i className="pi pi-lock" aria-hidden="true" /> {m.loginNeeded}{' '}
        <LiteButton label={m.login} icon="pi pi-sign-in" small outlined onClick={() => loginPopup.open()} />
      </p>
    );
  } else if (edit === 'new') {
    body = <GalleryForm draft={{ title: '', description: '', photos: [] }} onSaved={done} onCancel={() => done()} />;
  } else if (editKey !== null) {
    body = <EditExisting galleryKey={editKey} onDone={done} />;
  } else {
    body = <MyList userId={user.userId} page={page} />;
  }

  return (
    <section className="gallery-page my-gallery-page">
      <div className="my-gallery-head">
        <div>
          <h1>{heading}</h1>
          {edit === null && <p className="lead">{m.lead}</p>}
        </div>
        {user.logined && edit === null && (
          <Link to={galleryNewPath} className="p-button p-component">
            <span className="p-button-icon p-button-icon-left pi pi-plus" aria-hidden="true" />
            <span className="p-button-label">{m.add}</span>
          </Link>
        )}
      </div>
      {body}
    </section>
  );
}
