// galleryView (/gallery/view/{galleryKey}): a gallery item — title, photographer, dates and
// counts, the description, the photos in a justified grid, each photo's caption and EXIF line
// (body and lens linking to their product pages; for the owner, 원본 받기 where a watermarked photo
// keeps its unmarked file), the full-screen viewer, recommend / scrap /
// share / report, the owner's edit and delete, and the comments (the gallery board's).
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type RefObject } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { GalleryPhoto, GalleryView } from '../../../common/api/gallery';
import { originalUrl } from '../../../common/content/urls';
import { formatNumber } from '../../../common/format';
import { useSessionUser } from '../../shared/session-store';
import { AuthorLink } from '../../ui/author-link';
import { Comments } from '../comments/comments';
import { commentListKey, commentListQuery, useCommentList } from '../comments/api/comment-list';
import { confirm } from '../../ui/confirm';
import { ContentHtml } from '../../ui/content-html';
import { useDocumentTitle } from '../../ui/document-title';
import { ExifLine } from '../../ui/exif-line';
import { formatPostDate } from '../../ui/list-date';
import { ListFailed, ListLoading } from '../../ui/list-state';
import { useContentPhotos } from '../../ui/content-photos';
import { PhotoViewerHost, type ViewerPhoto } from '../../ui/photo-viewer-host';
import { LiteButton } from '../../ui/lite-button';
import { ReportButton } from '../../ui/report-button';
import { IgnoreButton } from '../../ui/ignore-button';
import { FoldedPage, useFold } from '../../ui/ignored-fold';
import { toast } from '../../ui/toast-store';
import { useDeleteGallery } from './api/gallery-delete';
import { useRecommendGallery } from './api/gallery-recommend';
import { useScrapGallery } from './api/gallery-scrap';
import { galleryViewKey, useGalleryView } from './api/gallery-view';
import { Badges } from './badges';
import { galleryEditPath, galleryViewPath, spaceGalleryPath } from '../../shared/paths';
import { keyParam } from './route-params';
import { PhotoGrid } from './photo-grid';
import './gallery.css';
import { koGallery } from './texts';

const g = koGallery;


/** The owner's 원본 받기: their photo's unmarked 2,560 px file, which only they may download. */
function OriginalLink({ fileKey, n }: { fileKey: string; n: number }) {
  return (
    <a href={originalUrl(fileKey)} download className="p-button p-component p-button-outlined p-button-sm gallery-original">
      <span className="p-button-icon p-button-icon-left pi pi-download" aria-hidden="true" />
      <span className="p-button-label">
        {g.original}
        <span className="visually-hidden">{g.originalOf(n)}</span>
      </span>
    </a>
  );
}

function PhotoInfo({ photos, originals, onOpen }: { photos: readonly GalleryPhoto[]; originals: ReadonlySet<string>; onOpen: (index: number) => void }) {
  return (
    <section className="gallery-photo-info" aria-labelledby="gallery-photo-info-title">
      <h2 id="gallery-photo-info-title">
        <i className="pi pi-camera" aria-hidden="true" /> {g.photoList}
      </h2>
      <ol>
        {photos.map((p, i) => (
          <li key={p.fileKey} id={`photo-${i + 1}`}>
            <button type="button" className="gallery-photo-thumb" onClick={() => onOpen(i)} aria-label={g.openPhoto(i + 1)}>
              <img src={p.thumbUrl} alt="" width={64} height={64} loading="lazy" decoding="async" />
            </button>
            <div className="gallery-photo-text">
              <p className="gallery-photo-caption">
                <span className="gallery-photo-no">{g.photoNo(i + 1, photos.length)}</span>
                {p.caption}
              </p>
              {p.exif ? <ExifLine photo={p} /> : <p className="gallery-photo-noexif">{g.noExif}</p>}
              {originals.has(p.fileKey) && <OriginalLink fileKey={p.fileKey} n={i + 1} />}
            </div>
          </li>
        ))}
      </ol>
      {originals.size > 0 && <p className="gallery-original-note">{g.originalHint}</p>}
    </section>
  );
}

/** The item's photos as the full-screen viewer shows them: the caption, else the title and number. */
const viewerPhotos = (item: GalleryView): ViewerPhoto[] =>
  item.photos.map((p, i) => ({ ...p, alt: p.caption || g.photoAlt(item.title, i + 1), caption: p.caption }));

function Reactions({ item }: { item: GalleryView }) {
  const recommend = useRecommendGallery();
  const scrap = useScrapGallery();
  const a = item.abilities;
  const share = async () => {
    const url = new URL(galleryViewPath(item.galleryKey), window.location.origin).href;
    try {
      await navigator.clipboard.writeText(url);
      toast.success(g.linkCopied);
    } catch {
      toast.warn(g.linkCopyFailed(url), { life: 8000 });
    }
  };
  return (
    <div className="gallery-reactions">
      {(a.canRecommend || item.recommended) && (
        <LiteButton
          icon={item.recommended ? 'pi pi-thumbs-up-fill' : 'pi pi-thumbs-up'}
          label={`${item.recommended ? g.recommended : g.recommend} ${formatNumber(item.recommends)}`}
          outlined={!item.recommended}
          disabled={item.recommended}
          loading={recommend.isPending}
          onClick={() => recommend.mutate(item.galleryKey, { onSuccess: () => toast.success(g.recommendDone) })}
        />
      )}
      {a.canScrap && (
        <LiteButton
          icon={item.scrapped ? 'pi pi-bookmark-fill' : 'pi pi-bookmark'}
          label={item.scrapped ? g.scrapped : g.scrap}
          outlined={!item.scrapped}
          aria-pressed={item.scrapped}
          loading={scrap.isPending}
          onClick={() => scrap.mutate({ galleryKey: item.galleryKey, on: !item.scrapped }, { onSuccess: (_d, input) => toast.success(input.on ? g.scrapAdded : g.scrapRemoved) })}
        />
      )}
      <LiteButton icon="pi pi-share-alt" label={g.share} outlined onClick={() => void share()} />
      {a.canReport && <ReportButton kind="gallery" targetKey={item.galleryKey} />}
      <IgnoreButton userId={item.author.userId} nickName={item.author.nickName} />
    </div>
  );
}

function GalleryBody({ item, page }: { item: GalleryView; page: RefObject<HTMLElement | null> }) {
  const navigate = useNavigate();
  const user = useSessionUser();
  const client = useQueryClient();
  const del = useDeleteGallery();
  const [open, setOpen] = useState<number | null>(null);
  const a = item.abilities;
  const showComments = a.canComment || item.commentCount > 0 || !user.logined;
  // An ignored member's photos fold until 보기 (decision 46).
  const { folded, show: showFolded, focusShown } = useFold(item.author.userId);
  // Photos the comments show (+{post|fileN}) open the same viewer, as under a post.
  const commentPhotos = useCommentList('gallery', item.galleryKey, false).data?.photos;
  const commentViewer = useContentPhotos(page, commentPhotos ?? []);

  const askDelete = () =>
    confirm({
      message: g.confirmDelete,
      accept: () =>
        del.mutate(item.galleryKey, {
          onSuccess: () => {
            toast.success(g.deleted);
            navigate(spaceGalleryPath(item.author.userId), { replace: true });
          },
        }),
    });

  if (folded) {
    return (
      <FoldedPage className="gallery-item" titleId="gallery-title" titleClass="gallery-title" actionsClass="gallery-actions" author={item.author} onShow={showFolded} />
    );
  }

  return (
    <>
      <article ref={focusShown} className="gallery-item" aria-labelledby="gallery-title">
        <header className="gallery-head">
          <h1 id="gallery-title" className="gallery-title">
            {item.title}
          </h1>
          <Badges inMuseum={item.inMuseum} todayDates={item.todayDates} />
          <dl className="gallery-meta">
            <div>
              <dt className="visually-hidden">{koGallery.author}</dt>
              <dd>
                <AuthorLink author={item.author} />
              </dd>
            </div>
            <div>
              <dt>{g.written}</dt>
              <dd>
                <time dateTime={item.createdAt}>{formatPostDate(item.createdAt)}</time>
              </dd>
            </div>
            <div>
              <dt>{g.views}</dt>
              <dd>{formatNumber(item.views)}</dd>
            </div>
            <div>
              <dt>{g.recommends}</dt>
              <dd>{formatNumber(item.recommends)}</dd>
            </div>
            <div>
              <dt>{g.comments}</dt>
              <dd>{formatNumber(item.commentCount)}</dd>
            </div>
          </dl>
        </header>

        <PhotoGrid title={item.title} photos={item.photos} onOpen={setOpen} />
        {item.descriptionHtml && <ContentHtml html={item.descriptionHtml} className="gallery-description" />}
        <PhotoInfo photos={item.photos} originals={new Set(item.originals)} onOpen={setOpen} />
        <Reactions item={item} />
      </article>

      <div className="gallery-actions" role="group" aria-label={g.actions}>
        {item.author.userId && (
          <Link to={spaceGalleryPath(item.author.userId)} className="p-button p-component p-button-outlined">
            <span className="p-button-icon p-button-icon-left pi pi-images" aria-hidden="true" />
            <span className="p-button-label">{g.backToSpace}</span>
          </Link>
        )}
        <span className="push-right" />
        {a.canEdit && (
          <Link to={galleryEditPath(item.galleryKey)} className="p-button p-component p-button-outlined">
            <span className="p-button-icon p-button-icon-left pi pi-pencil" aria-hidden="true" />
            <span className="p-button-label">{g.edit}</span>
          </Link>
        )}
        {a.canDelete && <LiteButton icon="pi pi-trash" label={g.delete} outlined className="p-button-danger" loading={del.isPending} onClick={askDelete} />}
      </div>

      {showComments && (
        <Comments
          boardId="gallery"
          postKey={item.galleryKey}
          canComment={a.canComment}
          count={item.commentCount}
          onChanged={() => client.invalidateQueries({ queryKey: galleryViewKey(item.galleryKey) })}
        />
      )}

      <PhotoViewerHost photos={open === null ? [] : viewerPhotos(item)} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />
      <PhotoViewerHost photos={commentViewer.photos} index={commentViewer.index} onIndex={commentViewer.setIndex} onClose={commentViewer.close} />
    </>
  );
}

export default function GalleryViewPage() {
  const key = keyParam(useParams().galleryKey);
  const view = useGalleryView(key ?? 0, key !== null);
  // The comments are asked for beside the item, not once it has come.
  const client = useQueryClient();
  if (key !== null && !client.getQueryState(commentListKey(key))) void client.prefetchQuery(commentListQuery('gallery', key));
  useDocumentTitle(view.data?.title ?? g.pageTitle);
  const page = useRef<HTMLElement>(null);

  return (
    <section ref={page} className="gallery-page gallery-view-page">
      {key === null ? (
        <p className="list-state" role="alert">
          {g.notFound}
        </p>
      ) : view.isPending ? (
        <ListLoading text={g.loading} />
      ) : view.data ? (
        <GalleryBody item={view.data} page={page} />
      ) : (
        <ListFailed onRetry={() => void view.refetch()} />
      )}
    </section>
  );
}
