// todayPhotoManage (/system/todayphoto/list): every pick by date, newest first, 50 a page (later
// dates too, marked 예정); pick a date's photo or change it, and delete (confirmed).
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatNumber } from '../../../common/format';
import { ko } from '../../i18n/ko';
import { koTodayAdmin } from '../../i18n/ko-photos';
import { AuthorLink } from '../../ui/author-link';
import { confirm } from '../../ui/confirm';
import { ListPager } from '../../ui/list-pager';
import { toast } from '../../ui/toast-store';
import { AdminActions, AdminFrame } from './admin-frame';
import { AdminTable } from './admin-table';
import { type TodayRow, useTodayAdminList, useTodayDelete } from './api/today-admin';
import { kstToday, TodayPickDialog, type TodayTarget } from './today-pick-dialog';
import './today-photo.css';

const t = koTodayAdmin;

export default function TodayPhotoManagePage() {
  return (
    <AdminFrame page="todayPhotoManage">
      <TodayPhotoManage />
    </AdminFrame>
  );
}

function dayLabel(date: string): string {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return Number.isNaN(day) ? date : `${date} (${ko.prime.dayNamesShort[day]})`;
}

function TodayPhotoManage() {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('page') ?? '1');
  const page = Number.isInteger(raw) && raw >= 1 ? raw : 1;
  const list = useTodayAdminList(page);
  const remove = useTodayDelete();
  const [editing, setEditing] = useState<TodayTarget | null>(null);
  const today = kstToday();
  const data = list.data;

  const askDelete = (row: TodayRow) =>
    confirm({
      message: t.deleteConfirm(row.date),
      defaultFocus: 'reject',
      accept: () =>
        remove.mutate(row.date, {
          onSuccess: () => {
            toast.success(t.deleted);
            // The last row of a later page: step back so the table is not left empty.
            if (data && data.items.length === 1 && page > 1) setParams(page - 1 > 1 ? { page: String(page - 1) } : {});
          },
        }),
    });

  const dateCell = (row: TodayRow) => (
    <span className="today-admin-date">
      <time dateTime={row.date}>{dayLabel(row.date)}</time>
      {row.date === today && <span className="tag">{t.todayTag}</span>}
      {row.date > today && <span className="tag tag-hidden">{t.laterTag}</span>}
    </span>
  );
  const photoCell = (row: TodayRow) => <img className="today-admin-thumb" src={row.photo.thumbUrl} alt={row.photo.caption || row.title} width={72} height={72} loading="lazy" />;
  const titleCell = (row: TodayRow) => (
    <span className="product-cell">
      <Link to={`/gallery/view/${row.galleryKey}`} className="product-cell-name">
        {row.title}
      </Link>
      <AuthorLink author={row.author} />
    </span>
  );
  const actionsCell = (row: TodayRow) => (
    <span className="row-actions">
      <Button type="button" icon="pi pi-pencil" label={t.edit} size="small" text aria-label={t.editLabel(row.date)} onClick={() => setEditing({ row })} />
      <Button type="button" icon="pi pi-trash" label={ko.admin.deleteAction} size="small" text severity="danger" aria-label={t.deleteLabel(row.date)} onClick={() => askDelete(row)} />
    </span>
  );

  return (
    <>
      <AdminActions>
        <Button type="button" icon="pi pi-plus" label={t.newPick} size="small" onClick={() => setEditing({ row: null })} />
      </AdminActions>
      <p className="admin-count" aria-live="polite">
        {data ? t.total(formatNumber(data.total)) : ko.common.loading}
      </p>
      <AdminTable value={data?.items ?? []} lazy dataKey="date" loading={list.isFetching} emptyMessage={t.empty} aria-label={t.tableLabel}>
        <Column header={t.colDate} body={dateCell} />
        <Column header={t.colPhoto} body={photoCell} />
        <Column header={t.colTitle} body={titleCell} />
        <Column header={t.colNote} body={(row: TodayRow) => <span className="today-admin-note">{row.note || t.noNote}</span>} />
        <Column header={t.colActions} body={actionsCell} />
      </AdminTable>
      {data && <ListPager page={data.page} pageSize={data.pageSize} total={data.total} hrefOf={(p) => (p > 1 ? `?page=${p}` : '?')} label={ko.admin.pager} />}
      <TodayPickDialog target={editing} onHide={() => setEditing(null)} />
    </>
  );
}
