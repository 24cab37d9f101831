// boardManage (/system/board/list): every board, hidden ones too, 50 a page in menu order. Rows
// are reordered by dragging (PrimeReact's row reorder) or, from the keyboard, by the up and down
// buttons; each change is saved at once. Edit and new open the board dialog.
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatNumber } from '../../../../common/format';
import { koAdminBoard } from './texts';
import { confirm } from '../../../ui/confirm';
import { toast } from '../../../ui/toast-store';
import { AdminActions, AdminFrame } from '../shared/admin-frame';
import { AdminFilters, AdminList, DeleteButton, EditButton } from '../shared/admin-list';
import { pageOf, useListAddress } from '../shared/list-address';
import { useAdminBoards, useBoardDelete, useBoardOrder, type AdminBoardRowData as Row } from './api/board-admin';
import { BoardEditDialog, type BoardEditTarget } from './board-edit-dialog';
import './boards.css';
import { boardListPath } from '../../../shared/paths';

const t = koAdminBoard;

const readParams = (params: URLSearchParams) => ({ q: (params.get('q') ?? '').slice(0, 40), page: pageOf(params) });

export default function BoardManagePage() {
  return (
    <AdminFrame page="boardManage">
      <BoardManage />
    </AdminFrame>
  );
}

function BoardManage() {
  const { filters, change, hrefOf } = useListAddress(readParams);
  const list = useAdminBoards({ page: filters.page, ...(filters.q && { search: filters.q }) });
  const order = useBoardOrder();
  const remove = useBoardDelete();
  const [editing, setEditing] = useState<BoardEditTarget | null>(null);
  // The order shown while a reorder is on its way (the list refreshes after it).
  const [moved, setMoved] = useState<Row[] | null>(null);
  const data = list.data;
  const rows = moved ?? data?.items ?? [];
  const levels = data?.levels ?? [];

  const saveOrder = (next: Row[]) => {
    setMoved(next);
    order.mutate(
      next.map((r) => r.id),
      { onSuccess: () => toast.success(t.ordered), onSettled: () => setMoved(null) },
    );
  };
  const step = (row: Row, by: -1 | 1) => {
    const i = rows.indexOf(row);
    const j = i + by;
    if (j < 0 || j >= rows.length || order.isPending) return;
    const next = [...rows];
    [next[i], next[j]] = [next[j]!, next[i]!];
    saveOrder(next);
    // Keep the keyboard on the same board's button after the rows move (the other one when the
    // board reached an end and this button is off).
    const end = by < 0 ? j === 0 : j === rows.length - 1;
    const button = (by < 0) !== end ? 'up' : 'down';
    requestAnimationFrame(() => document.getElementById(`board-${button}-${row.id}`)?.focus());
  };

  const askDelete = (row: Row) => {
    if (row.hasPosts) return toast.info(t.deleteHasPosts);
    confirm({
      message: t.deleteConfirm(row.name),
      defaultFocus: 'reject',
      accept: () => remove.mutate(row.id, { onSuccess: () => toast.success(t.deleted) }),
    });
  };

  const orderCell = (row: Row) => {
    const i = rows.indexOf(row);
    return (
      <span className="row-actions board-order">
        <Button id={`board-up-${row.id}`} type="button" icon="pi pi-arrow-up" size="small" text aria-label={t.moveUp(row.name)} disabled={i <= 0} onClick={() => step(row, -1)} />
        <Button
          id={`board-down-${row.id}`}
          type="button"
          icon="pi pi-arrow-down"
          size="small"
          text
          aria-label={t.moveDown(row.name)}
          disabled={i >= rows.length - 1}
          onClick={() => step(row, 1)}
        />
      </span>
    );
  };
  const nameCell = (row: Row) => (
    <span className="product-cell">
      <Link to={boardListPath(row.id)} className="product-cell-name">
        {row.name}
      </Link>
      <span className="product-cell-ko">/board/{row.id}</span>
      <span className="product-tags">
        {row.hidden && <span className="tag tag-hidden">{t.hiddenTag}</span>}
        {row.noticeOnly && <span className="tag">{t.noticeTag}</span>}
        {row.adminOnly && <span className="tag">{t.adminTag}</span>}
      </span>
      {row.managers.length > 0 && <span className="product-cell-ko">{t.managersNow(row.managers.map((m) => m.nickName).join(', '))}</span>}
    </span>
  );
  const actionsCell = (row: Row) => (
    <span className="row-actions">
      <EditButton label={t.editLabel(row.name)} onClick={() => setEditing({ row })} />
      <DeleteButton label={t.deleteLabel(row.name)} onClick={() => askDelete(row)} />
    </span>
  );

  return (
    <>
      <AdminActions>
        <Button type="button" icon="pi pi-plus" label={t.newBoard} size="small" onClick={() => setEditing({ row: null })} />
      </AdminActions>
      <AdminFilters
        key={filters.q}
        label={t.filters}
        search={{ id: 'admin-board-q', label: t.search, placeholder: t.searchPlaceholder, submit: t.searchSubmit, value: filters.q, maxLength: 40, onSearch: (q) => change({ q }) }}
      />
      <AdminList
        data={data}
        rows={rows}
        loading={list.isFetching && !moved}
        count={(d) => t.total(formatNumber(d.total))}
        hrefOf={hrefOf}
        dataKey="id"
        emptyMessage={t.empty}
        label={t.tableLabel}
        note={<p className="admin-note">{t.orderHint}</p>}
        table={{ className: 'admin-table board-table', reorderableRows: true, onRowReorder: (e) => saveOrder(e.value as Row[]) }}
      >
        <Column rowReorder header={<span className="visually-hidden">{t.colDrag}</span>} style={{ width: '2.5rem' }} />
        <Column header={t.colOrder} body={orderCell} />
        <Column header={t.colName} body={nameCell} />
        <Column header={t.colCategories} body={(row: Row) => row.categories.map((c) => c.name).join(', ')} />
        <Column header={t.colPosts} body={(row: Row) => formatNumber(row.posts)} />
        <Column header={t.colLevels} body={(row: Row) => [row.readLevel, row.writeLevel, row.commentLevel].map(t.levelShort).join(' · ')} />
        <Column header={t.colActions} body={actionsCell} />
      </AdminList>
      <BoardEditDialog target={editing} levels={levels} defaultPoints={data?.defaultPoints ?? { post: 0, comment: 0 }} onHide={() => setEditing(null)} />
    </>
  );
}
