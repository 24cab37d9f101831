// boardWrite (/board/{id}/write): a new post, or an answer (답글) with ?answer={key}. The editor
// (TipTap) comes with this page's chunk.
import { useLocation, useParams, useSearchParams } from 'react-router';
import { useSessionUser } from '../../shared/session-store';
import { ko } from '../../i18n/ko';
import { useDocumentTitle } from '../../ui/document-title';
import { useBoardInfo } from './api/board-info';
import { usePostView } from './api/post-view';
import { pageParam } from './route-params';
import { EditorNotice } from './editor-gate';
import { ListLoading } from '../../ui/list-state';
import { boardListPath } from '../../shared/paths';
import { PostEditor } from './post-editor';
import './boards.css';
import { koBoards } from './texts';

export default function BoardWritePage() {
  const { id = '' } = useParams();
  const from = useLocation().state as { category?: string } | null;
  const user = useSessionUser();
  const info = useBoardInfo(id);
  const board = info.data;
  // 답글: the post answered, read as the writer may read it (a refusal shows as any view's would).
  const answerKey = useSearchParams()[0].get('answer');
  const original = usePostView(id, answerKey ? pageParam(answerKey) : 0, answerKey !== null);
  const title = board ? (answerKey ? koBoards.editor.answerTitle(board.name) : koBoards.editor.writeTitle(board.name)) : ko.pages.boardWrite;
  useDocumentTitle(title);

  return (
    <section className="board-page board-write-page">
      <h1>{title}</h1>
      {info.isPending || (answerKey !== null && original.isPending) ? (
        <ListLoading text={koBoards.editor.loadingEditor} />
      ) : !board ? null : board.abilities.canWrite ? (
        <PostEditor board={board} category={from?.category} {...(answerKey !== null && original.data && { answerTo: original.data })} />
      ) : user.logined ? (
        <EditorNotice text={koBoards.editor.noPermission} back={boardListPath(id)} />
      ) : (
        <EditorNotice text={koBoards.editor.loginRequired} login back={boardListPath(id)} />
      )}
    </section>
  );
}
