// boardView (/board/{id}/view/{key}): the post with its author, dates and counts, the rendered
// content, attachments, the buttons the server allows, prev/next and the comments. The footer's
// site pages (ABOUT, TERMS …) are posts of the site board and open here too.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import type { PostView } from '../../../common/api/boards';
import { formatNumber } from '../../../common/format';
import { useSessionUser } from '../../app/session-store';
import { ko } from '../../i18n/ko';
import { AuthorLink } from '../../ui/author-link';
import { confirm } from '../../ui/confirm';
import { ContentHtml } from '../../ui/content-html';
import { useDocumentTitle } from '../../ui/document-title';
import { formatPostDate } from '../../ui/list-date';
import { LiteButton } from '../../ui/lite-button';
import { ReportButton } from '../../ui/report-button';
import { koReport } from '../../i18n/ko-moderation';
import { toast } from '../../ui/toast-store';
import { boardInfoQuery } from './api/board-info';
import { postListRoots } from './api/keys';
import { postViewKey, usePostView } from './api/post-view';
import { useDeletePost } from './api/post-delete';
import { useRecommendPost } from './api/post-recommend';
import { useScrap } from './api/scrap';
import { Comments } from '../../ui/comments/comments';
import { PhotoExif } from './photo-exif';
import { PostVersionsDialog } from './post-versions-dialog';
import { ListFailed, ListLoading } from '../../ui/list-state';
import { boardListPath, editPath, pageParam, postPath, type FromList } from './paths';
import './boards.css';

const v = ko.boards.view;

/** Boards that hold the site's own pages: no comment box for visitors there. */
const SITE_PAGE_BOARDS = new Set(['site']);

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${formatNumber(bytes)} B`;
  if (bytes < 1024 * 1024) return `${formatNumber(Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function Attachments({ post }: { post: PostView }) {
  // Images already show in the content; list them only when the content does not use them.
  const files = post.files.filter((f) => !f.image || !post.contentHtml.includes(f.fileKey));
  if (files.length === 0) return null;
  return (
    <section className="attachments" aria-labelledby="attachments-title">
      <h2 id="attachments-title">
        <i className="pi pi-paperclip" aria-hidden="true" /> {v.attachments}
      </h2>
      <ul>
        {files.map((f) => (
          <li key={f.fileKey}>
            <a href={f.url} download={f.name} aria-label={v.download(f.name)}>
              <i className={f.image ? 'pi pi-image' : 'pi pi-file'} aria-hidden="true" /> {f.name}
            </a>{' '}
            <span className="file-size">({formatSize(f.size)})</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function PostBody({ post, listPath }: { post: PostView; listPath: string }) {
  const navigate = useNavigate();
  const user = useSessionUser();
  const del = useDeletePost();
  const recommend = useRecommendPost();
  const scrap = useScrap();
  const a = post.abilities;
  const ids = { boardId: post.boardId, key: post.key };
  // The emoticon picker's list comes with the board; only a member who may comment needs it.
  const emoticons = useQuery({ ...boardInfoQuery(post.boardId), enabled: user.logined && a.canComment }).data?.emoticons;
  // A comment written, edited or deleted: the post's count and the lists' counts.
  const client = useQueryClient();
  const refreshPost = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: postViewKey(post.key) }),
      ...postListRoots.map((queryKey) => client.invalidateQueries({ queryKey, refetchType: 'none' })),
    ]);

  const askDelete = () =>
    confirm({
      message: v.confirmDelete,
      accept: () =>
        del.mutate(ids, {
          onSuccess: () => {
            toast.success(v.deleted);
            navigate(listPath, { replace: true });
          },
        }),
    });

  const share = async () => {
    const url = new URL(postPath(post.boardId, post.key), window.location.origin).href;
    try {
      await navigator.clipboard.writeText(url);
      toast.success(v.linkCopied);
    } catch {
      toast.warn(v.linkCopyFailed(url), { life: 8000 });
    }
  };

  const showComments = a.canComment || post.commentCount > 0 || (!user.logined && !SITE_PAGE_BOARDS.has(post.boardId));
  // The author and admins may look at the versions an edit replaced.
  const seesVersions = post.editedAt !== null && (a.canEdit || user.admin);
  const [versionsOpen, setVersionsOpen] = useState(false);

  return (
    <>
      <article className="post" aria-labelledby="post-subject">
        <header className="post-head">
          <p className="post-where">
            <Link to={boardListPath(post.boardId)}>{post.boardName}</Link>
            {post.categoryName && post.category !== 'c0' && (
              <>
                {' › '}
                <Link to={boardListPath(post.boardId, post.category)}>{post.categoryName}</Link>
              </>
            )}
          </p>
          <h1 id="post-subject" className="post-title">
            {post.notice && <span className="notice-badge">{ko.boards.notice}</span>}
            {post.subject}
          </h1>
          <dl className="post-meta">
            <div>
              <dt className="visually-hidden">{v.author}</dt>
              <dd>
                <AuthorLink author={post.author} />
              </dd>
            </div>
            <div>
              <dt>{v.written}</dt>
              <dd>
                <time dateTime={post.createdAt}>{formatPostDate(post.createdAt)}</time>
              </dd>
            </div>
            {post.editedAt && (
              <div className="post-edited">
                <dt>{v.edited}</dt>
                <dd>
                  <time dateTime={post.editedAt}>{formatPostDate(post.editedAt)}</time>
                  {seesVersions && (
                    <LiteButton type="button" text small icon="pi pi-history" label={v.versions} aria-haspopup="dialog" onClick={() => setVersionsOpen(true)} />
                  )}
                </dd>
              </div>
            )}
            <div>
              <dt>{v.views}</dt>
              <dd>{formatNumber(post.views)}</dd>
            </div>
            <div>
              <dt>{v.recommends}</dt>
              <dd className="post-recommends">{formatNumber(post.recommends)}</dd>
            </div>
            <div>
              <dt>{v.comments}</dt>
              <dd>{formatNumber(post.commentCount)}</dd>
            </div>
          </dl>
        </header>

        {post.hidden && user.admin && <p className="hidden-admin-note">{koReport.hiddenForAdmin}</p>}
        <ContentHtml html={post.contentHtml} className="post-content" />
        {seesVersions && <PostVersionsDialog postKey={post.key} visible={versionsOpen} onHide={() => setVersionsOpen(false)} />}
        <Attachments post={post} />
        <PhotoExif files={post.files} />

        <div className="post-reactions">
          {(a.canRecommend || post.recommended) && (
            <LiteButton
              icon={post.recommended ? 'pi pi-thumbs-up-fill' : 'pi pi-thumbs-up'}
              label={`${post.recommended ? v.recommended : v.recommend} ${formatNumber(post.recommends)}`}
              outlined={!post.recommended}
              disabled={post.recommended}
              loading={recommend.isPending}
              onClick={() => recommend.mutate(ids, { onSuccess: () => toast.success(v.recommendDone) })}
            />
          )}
          {a.canScrap && (
            <LiteButton
              icon={post.scrapped ? 'pi pi-bookmark-fill' : 'pi pi-bookmark'}
              label={post.scrapped ? v.scrapped : v.scrap}
              outlined={!post.scrapped}
              aria-pressed={post.scrapped}
              loading={scrap.isPending}
              onClick={() =>
                scrap.mutate({ ...ids, on: !post.scrapped }, { onSuccess: (_d, input) => toast.success(input.on ? v.scrapAdded : v.scrapRemoved) })
              }
            />
          )}
          <LiteButton icon="pi pi-share-alt" label={v.share} outlined onClick={() => void share()} />
          {!post.hidden && <ReportButton kind="post" targetKey={post.key} authorId={post.author.userId} />}
        </div>
      </article>

      <div className="post-actions" role="group" aria-label={v.actions}>
        <Link to={listPath} className="p-button p-component p-button-outlined">
          <span className="p-button-icon p-button-icon-left pi pi-list" aria-hidden="true" />
          <span className="p-button-label">{v.list}</span>
        </Link>
        <span className="push-right" />
        {a.canEdit && (
          <Link to={editPath(post.boardId, post.key)} className="p-button p-component p-button-outlined">
            <span className="p-button-icon p-button-icon-left pi pi-pencil" aria-hidden="true" />
            <span className="p-button-label">{v.edit}</span>
          </Link>
        )}
        {a.canDelete && <LiteButton icon="pi pi-trash" label={v.delete} outlined className="p-button-danger" loading={del.isPending} onClick={askDelete} />}
      </div>

      {(post.prev || post.next) && (
        <nav className="post-siblings" aria-label={v.sibling}>
          <ul>
            {post.prev && (
              <li>
                <span className="sibling-label">
                  <i className="pi pi-angle-up" aria-hidden="true" /> {v.prev}
                </span>
                <Link to={postPath(post.boardId, post.prev.key)} state={{ listPath }}>
                  {post.prev.subject}
                </Link>
              </li>
            )}
            {post.next && (
              <li>
                <span className="sibling-label">
                  <i className="pi pi-angle-down" aria-hidden="true" /> {v.next}
                </span>
                <Link to={postPath(post.boardId, post.next.key)} state={{ listPath }}>
                  {post.next.subject}
                </Link>
              </li>
            )}
          </ul>
        </nav>
      )}

      {showComments && (
        <Comments boardId={post.boardId} postKey={post.key} canComment={a.canComment} count={post.commentCount} emoticons={emoticons} onChanged={refreshPost} />
      )}
    </>
  );
}

export default function BoardViewPage() {
  const { id = '', key: rawKey } = useParams();
  // A gallery item is a post of the gallery board with its own page (old links keep working).
  if (id === 'gallery') return <Navigate to={postPath(id, pageParam(rawKey))} replace />;
  return <BoardView id={id} rawKey={rawKey} />;
}

function BoardView({ id, rawKey }: { id: string; rawKey: string | undefined }) {
  const key = pageParam(rawKey);
  const from = useLocation().state as FromList | null;
  const view = usePostView(id, key);
  useDocumentTitle(view.data?.subject ?? ko.pages.boardView);
  const listPath = from?.listPath ?? boardListPath(id);

  return (
    <section className="board-page board-view-page">
      {view.isPending ? (
        <ListLoading text={ko.common.loading} />
      ) : view.data ? (
        <PostBody post={view.data} listPath={listPath} />
      ) : (
        <ListFailed onRetry={() => void view.refetch()} />
      )}
    </section>
  );
}
