// "이동": a board's staff (an administrator, a manager of both boards) moves a post to another
// board. The boards offered are the ones the server says the caller may move it to; a board's
// categories follow the board picked. Native selects: the phone's own picker, the keyboard's arrows.
import { Button } from 'primereact/button';
import { useId, useState, type FormEvent } from 'react';
import { PostMove } from '../../../common/api/board-moves';
import { AppDialog } from '../../ui/app-dialog';
import { Field } from '../../ui/field';
import { toast } from '../../ui/toast-store';
import { useFieldErrors } from '../../ui/use-field-errors';
import { useMovePost, useMoveTargets } from './api/post-staff';
import { koBoardStaff as s } from './staff-texts';
import './post-move.css';

const MoveForm = PostMove.pick({ boardId: true, category: true });

export function PostMoveDialog({
  post,
  visible,
  onHide,
  onMoved,
}: {
  post: { key: number; subject: string };
  visible: boolean;
  onHide: () => void;
  onMoved: (to: { boardId: string; url: string }) => void;
}) {
  const formId = useId();
  const ids = { boardId: `${formId}-board`, category: `${formId}-category` };
  const fe = useFieldErrors(ids);
  const targets = useMoveTargets(post.key, visible);
  const move = useMovePost();
  const [boardId, setBoardId] = useState('');
  const [category, setCategory] = useState('');
  const boards = targets.data?.boards ?? [];
  const board = boards.find((b) => b.id === boardId);

  const close = () => {
    fe.reset();
    setBoardId('');
    setCategory('');
    onHide();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = fe.check(MoveForm, { boardId, category });
    if (!parsed) return;
    move.mutate(
      { key: post.key, ...parsed },
      {
        onSuccess: (r) => {
          toast.success(s.moved(board?.name ?? r.boardId));
          close();
          onMoved(r);
        },
        onError: (error) => fe.failFromServer(error, (m) => (m.includes('분류') ? 'category' : 'boardId')),
      },
    );
  };

  return (
    <AppDialog
      header={s.moveTitle}
      visible={visible}
      onHide={close}
      modal
      draggable={false}
      style={{ width: '30rem', maxWidth: '94vw' }}
      footer={
        <div className="post-move-buttons">
          <Button type="button" label={s.cancel} text onClick={close} />
          <Button type="submit" form={formId} label={s.submit} icon="pi pi-arrow-right-arrow-left" loading={move.isPending} disabled={boards.length === 0} />
        </div>
      }
    >
      <p className="post-move-intro">{s.moveIntro(post.subject)}</p>
      {targets.isPending && <p role="status">{s.loading}</p>}
      {targets.isError && <p role="alert">{s.failed}</p>}
      {targets.data && boards.length === 0 && <p>{s.noTargets}</p>}
      {boards.length > 0 && (
        <form id={formId} onSubmit={submit} noValidate className="post-move-form">
          <Field id={ids.boardId} label={s.board} error={fe.error('boardId')}>
            {/* The choices arrive after the dialog opened: the first one takes focus when it comes. */}
            <select
              id={ids.boardId}
              className="p-inputtext p-component"
              autoFocus
              value={boardId}
              onChange={(e) => {
                setBoardId(e.target.value);
                // The first category of the new board, so one choice is often enough.
                setCategory(boards.find((b) => b.id === e.target.value)?.categories[0]?.code ?? '');
                fe.clear('boardId');
                fe.clear('category');
              }}
              {...fe.aria('boardId')}
            >
              <option value="">{s.pickBoard}</option>
              {boards.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </select>
          </Field>
          <Field id={ids.category} label={s.category} error={fe.error('category')}>
            <select
              id={ids.category}
              className="p-inputtext p-component"
              value={category}
              disabled={!board}
              onChange={(e) => {
                setCategory(e.target.value);
                fe.clear('category');
              }}
              {...fe.aria('category')}
            >
              <option value="">{s.pickCategory}</option>
              {board?.categories.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
          </Field>
        </form>
      )}
    </AppDialog>
  );
}
