// New board / edit board in a dialog; the form starts from the list's row (it carries every field
// and the categories with their post counts).
import { useId } from 'react';
import { koAdminBoard } from './texts';
import { AdminFormDialog } from '../shared/admin-form-dialog';
import type { AdminBoardRowData as Row, AdminLevelData } from './api/board-admin';
import { BoardForm } from './board-form';

const t = koAdminBoard;

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
    <AdminFormDialog title={row ? t.editTitle : t.newTitle} visible={target !== null} onHide={onHide} formId={formId} width="44rem" className="product-dialog">
      {target !== null && <BoardForm key={row?.id ?? 'new'} row={row} levels={levels} defaultPoints={defaultPoints} formId={formId} onSaved={onHide} />}
    </AdminFormDialog>
  );
}
