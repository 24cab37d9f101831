// New board / edit board in a dialog; the form starts from the list's row (it carries every field
// and the categories with their post counts).
import { Button } from 'primereact/button';
import { useId } from 'react';
import { ko } from '../../i18n/ko';
import { AppDialog } from '../../ui/app-dialog';
import type { AdminBoardRowData as Row, AdminLevelData } from './api/board-admin';
import { BoardForm } from './board-form';

const t = ko.admin.board;

/** What the dialog edits: a new board (row null) or a listed one. */
export interface BoardEditTarget {
  row: Row | null;
}

export function BoardEditDialog({
  target,
  levels,
  defaultPoints,
  onHide,
}: {
  target: BoardEditTarget | null;
  levels: AdminLevelData[];
  defaultPoints: { post: number; comment: number };
  onHide: () => void;
}) {
  const formId = useId();
  const row = target?.row ?? null;
  return (
    <AppDialog
      header={row ? t.editTitle : t.newTitle}
      visible={target !== null}
      onHide={onHide}
      modal
      draggable={false}
      className="product-dialog"
      style={{ width: '44rem', maxWidth: '96vw' }}
      footer={
        <div className="dialog-buttons">
          <Button type="button" label={ko.admin.cancel} text onClick={onHide} />
          <Button type="submit" form={formId} label={ko.admin.save} icon="pi pi-check" />
        </div>
      }
    >
      {target !== null && <BoardForm key={row?.id ?? 'new'} row={row} levels={levels} defaultPoints={defaultPoints} formId={formId} onSaved={onHide} />}
    </AppDialog>
  );
}
