// boardEdit (/board/{id}/edit/{key}): the same form as writing, filled with the post.
import { useParams } from 'react-router';
import { ko } from '../../i18n/ko';
import { useDocumentTitle } from '../../ui/document-title';
import { useBoardInfo } from './api/board-info';
import { usePostView } from './api/post-view';
import { EditorNotice } from './editor-gate';
import { ListLoading } from '../../ui/list-state';
import { postPath } from '../../shared/paths';
import { pageParam } from './route-params';
import { PostEditor } from './post-editor';
import './boards.css';
import { koBoards } from './texts';

export default function BoardEditPage() {
  const { id = '', key: rawKey } = useParams();
  const key = pageParam(rawKey);
  const info = useBoardInfo(id);
  const view = usePostView(id, key);
  const board = info.data;
  const post = view.data;
  useDocumentTitle(board ? koBoards.editor.editTitle(board.name) : ko.pages.boardEdit);

  return (
    <section className="board-page board-write-page">
      <h1>{board ? koBoards.editor.editTitle(board.name) : ko.pages.boardEdit}</h1>
      {info.isPending || view.isPending ? (
        <ListLoading text={koBoards.editor.loadingEditor} />
      ) : !board || !post ? null : post.abilities.canEdit ? (
        <PostEditor board={board} post={post} />
      ) : (
        <EditorNotice text={koBoards.editor.notAuthor} back={postPath(id, key)} />
      )}
    </section>
  );
}
