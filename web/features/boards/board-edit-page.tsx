// boardEdit (/board/{id}/edit/{key}): the same form as writing, filled with the post.
import { useParams } from 'react-router';
import { ko } from '../../i18n/ko';
import { useDocumentTitle } from '../../ui/document-title';
import { useBoardInfo } from './api/board-info';
import { usePostView } from './api/post-view';
import { EditorNotice } from './editor-gate';
import { ListLoading } from '../../ui/list-state';
import { pageParam, postPath } from './paths';
import { PostEditor } from './post-editor';
import './boards.css';

export default function BoardEditPage() {
  const { id = '', key: rawKey } = useParams();
  const key = pageParam(rawKey);
  const info = useBoardInfo(id);
  const view = usePostView(id, key);
  const board = info.data;
  const post = view.data;
  useDocumentTitle(board ? ko.boards.editor.editTitle(board.name) : ko.pages.boardEdit);

  return (
    <section className="board-page board-write-page">
      <h1>{board ? ko.boards.editor.editTitle(board.name) : ko.pages.boardEdit}</h1>
      {info.isPending || view.isPending ? (
        <ListLoading text={ko.boards.editor.loadingEditor} />
      ) : !board || !post ? null : post.abilities.canEdit ? (
        <PostEditor board={board} post={post} />
      ) : (
        <EditorNotice text={ko.boards.editor.notAuthor} back={postPath(id, key)} />
      )}
    </section>
  );
}
