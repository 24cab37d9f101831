// boardWrite (/board/{id}/write): a new post. The editor (TipTap) comes with this page's chunk.
import { useLocation, useParams } from 'react-router';
import { useSessionUser } from '../../app/session-store';
import { ko } from '../../i18n/ko';
import { useDocumentTitle } from '../../ui/document-title';
import { useBoardInfo } from './api/board-info';
import { EditorNotice } from './editor-gate';
import { ListLoading } from '../../ui/list-state';
import { boardListPath } from './paths';
import { PostEditor } from './post-editor';
import './boards.css';

export default function BoardWritePage() {
  const { id = '' } = useParams();
  const from = useLocation().state as { category?: string } | null;
  const user = useSessionUser();
  const info = useBoardInfo(id);
  const board = info.data;
  useDocumentTitle(board ? ko.boards.editor.writeTitle(board.name) : ko.pages.boardWrite);

  return (
    <section className="board-page board-write-page">
      <h1>{board ? ko.boards.editor.writeTitle(board.name) : ko.pages.boardWrite}</h1>
      {info.isPending ? (
        <ListLoading text={ko.boards.editor.loadingEditor} />
      ) : !board ? null : board.abilities.canWrite ? (
        <PostEditor board={board} category={from?.category} />
      ) : user.logined ? (
        <EditorNotice text={ko.boards.editor.noPermission} back={boardListPath(id)} />
      ) : (
        <EditorNotice text={ko.boards.editor.loginRequired} login back={boardListPath(id)} />
      )}
    </section>
  );
}
