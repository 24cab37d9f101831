// "이전 버전": the earlier versions of an edited post, newest first, for its author and admins.
// Each version's text comes rendered and sanitised by the server, shown like the post itself.
import { formatDateTime } from '../../../common/format';
import { ko } from '../../i18n/ko';
import { AppDialog } from '../../ui/app-dialog';
import { ContentHtml } from '../../ui/content-html';
import { usePostVersions } from './api/post-versions';
import './post-versions.css';
import { koBoards } from './texts';

const v = koBoards.view;

export function PostVersionsDialog({ postKey, visible, onHide }: { postKey: number; visible: boolean; onHide: () => void }) {
  const q = usePostVersions(postKey, visible);
  const items = q.data?.items ?? [];
  return (
    <AppDialog header={v.versionsTitle} visible={visible} onHide={onHide} style={{ width: '48rem', maxWidth: '95vw' }} className="post-versions-dialog">
      {q.isPending && <p role="status">{ko.common.loading}</p>}
      {q.isError && <p role="alert">{v.versionsFailed}</p>}
      {q.data && items.length === 0 && <p>{v.versionsEmpty}</p>}
      {items.length > 0 && (
        <ol className="post-versions">
          {items.map((item) => (
            <li key={item.id} className="post-version">
              <h3 className="post-version-subject">{item.subject}</h3>
              <p className="post-version-meta">
                {v.versionWritten} <time dateTime={item.writtenAt}>{formatDateTime(item.writtenAt)}</time>
                {' · '}
                {v.versionReplaced} <time dateTime={item.replacedAt}>{formatDateTime(item.replacedAt)}</time>
                {item.editedBy && ` (${item.editedBy})`}
              </p>
              <ContentHtml html={item.contentHtml} className="post-version-content" />
            </li>
          ))}
        </ol>
      )}
    </AppDialog>
  );
}
