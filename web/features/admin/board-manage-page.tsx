// boardManage (/system/board/list): every board, hidden ones too, 50 a page in menu order. Rows
// are reordered by dragging (PrimeReact's row reorder) or, from the keyboard, by the up and down
// buttons; each change is saved at once. Edit and new open the board dialog.
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatNumber } from '../../../common/format';
import { ko } from '../../i18n/ko';
import { confirm } from '../../ui/confirm';
import { ListPager } from '../../ui/list-pager';
import { LiteButton } from '../../ui/lite-button';
import { toast } from '../../ui/toast-store';
import { AdminActions, AdminFrame } from './admin-frame';
import { useAdminBoards, useBoardDelete, useBoardOrder, type AdminBoardRowData as Row } from './api/board-admin';
import { BoardEditDialog, type BoardEditTarget } from './board-edit-dialog';

const t = ko.admin.board;
const PAGE_SIZE = 50;

function readParams(params: URLSearchParams) {
  const page = Number(params.get('page') ?? '1');
  return { q: (params.get('q') ?? '').slice(0, 40), page: Number.isInteger(page) && page >= 1 ? page : 1 };
}

function queryString(f: { q: string; page: number }) {
  const p = new URLSearchParams();
  if (f.q) p.set('q', f.q);
  if (f.page > 1) p.set('page', String(f.page));
  const s = p.toString();
  return s ? `?${s}` : '';
}

export default function BoardManagePage() {
  return (
    <AdminFrame page="boardManage">
      <BoardManage />
    </AdminFrame>
  );
}

function BoardSearch({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [q, setQ] = useState(value);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(q.trim().slice(0, 40));
  };
  return (
    <form role="search" aria-label={t.filters} className="admin-filters" onSubmit={submit}>
      <div className="filter-search">
        <label htmlFor="admin-board-q" className="visually-hidden">
          {t.search}
        </label>
        <InputText id="admin-board-q" type="search" value={q} maxLength={40} placeholder={t.searchPlaceholder} onChange={(e) => setQ(e.target.value)} enterKeyHint="search" />
        <LiteButton type="submit" icon="pi pi-search" label={t.searchSubmit} />
      </div>
    </form>
  );
}

function BoardManage() {
  const [params, setParams] = useSearchParams();
  const filters = readParams(params);
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
      <Link to={`/board/${row.id}/c0/list`} className="product-cell-name">
        {row.name}
      </Link>
      <span className="product-cell-ko">/board/{row.id}</span>
      <span className="product-tags">
        {row.hidden && <span className="tag tag-hidden">{t.hiddenTag}</span>}
        {row.noticeOnly && <span className="tag">{t.noticeTag}</span>}
        {row.adminOnly && <span className="tag">{t.adminTag}</span>}
      </span>
    </span>
  );
  const actionsCell = (row: Row) => (
    <span className="row-actions">
      <Button type="button" icon="pi pi-pencil" label={ko.admin.edit} size="small" text aria-label={t.editLabel(row.name)} onClick={() => setEditing({ row })} />
      <Button type="button" icon="pi pi-trash" label={ko.admin.deleteAction} size="small" text severity="danger" aria-label={t.deleteLabel(row.name)} onClick={() => askDelete(row)} />
    </span>
  );

  return (
    <>
      <AdminActions>
        <Button type="button" icon="pi pi-plus" label={t.newBoard} size="small" onClick={() => setEditing({ row: null })} />
      </AdminActions>
      <BoardSearch key={filters.q} value={filters.q} onSearch={(q) => setParams(queryString({ q, page: 1 }).slice(1))} />
      <p className="admin-count" aria-live="polite">
        {data ? t.total(formatNumber(data.total)) : ko.common.loading}
      </p>
      <p className="admin-note">{t.orderHint}</p>
      <DataTable
        value={rows}
        lazy
        dataKey="id"
        loading={list.isFetching && !moved}
        reorderableRows
        onRowReorder={(e) => saveOrder(e.value as Row[])}
        responsiveLayout="stack"
        breakpoint="960px"
        emptyMessage={t.empty}
        aria-label={t.tableLabel}
        className="admin-table board-table"
        size="small"
        stripedRows
      >
        <Column rowReorder header={<span className="visually-hidden">{t.colDrag}</span>} style={{ width: '2.5rem' }} />
        <Column header={t.colOrder} body={orderCell} />
        <Column header={t.colName} body={nameCell} />
        <Column header={t.colCategories} body={(row: Row) => row.categories.map((c) => c.name).join(', ')} />
        <Column header={t.colPosts} body={(row: Row) => formatNumber(row.posts)} />
        <Column header={t.colLevels} body={(row: Row) => [row.readLevel, row.writeLevel, row.commentLevel].map(t.levelShort).join(' · ')} />
        <Column header={t.colActions} body={actionsCell} />
      </DataTable>
      {data && <ListPager page={data.page} pageSize={data.pageSize || PAGE_SIZE} total={data.total} hrefOf={(page) => queryString({ ...filters, page }) || '?'} label={ko.admin.pager} />}
      <BoardEditDialog target={editing} levels={levels} defaultPoints={data?.defaultPoints ?? { post: 0, comment: 0 }} onHide={() => setEditing(null)} />
    </>
  );
}
