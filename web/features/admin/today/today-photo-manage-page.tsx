// todayPhotoManage (/system/todayphoto/list): every pick by date, newest first, 50 a page (later
// dates too, marked 예정); pick a date's photo or change it, and delete (confirmed).
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatNumber } from '../../../../common/format';
import { ko } from '../../../i18n/ko';
import { koTodayAdmin } from './texts';
import { AuthorLink } from '../../../ui/author-link';
import { confirm } from '../../../ui/confirm';
import { toast } from '../../../ui/toast-store';
import { AdminActions, AdminFrame } from '../shared/admin-frame';
import { AdminList, DeleteButton, EditButton } from '../shared/admin-list';
import { pageOf, useListAddress } from '../shared/list-address';
import { type TodayRow, useTodayAdminList, useTodayDelete } from './api/today-admin';
import { kstToday, TodayPickDialog, type TodayTarget } from './today-pick-dialog';
import './today-photo.css';
import { galleryViewPath } from '../../../shared/paths';

const t = koTodayAdmin;
const readParams = (params: URLSearchParams) => ({ page: pageOf(params) });

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
  const { filters, setParams, hrefOf } = useListAddress(readParams);
  const { page } = filters;
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
      <Link to={galleryViewPath(row.galleryKey)} className="product-cell-name">
        {row.title}
      </Link>
      <AuthorLink author={row.author} />
    </span>
  );
  const actionsCell = (row: TodayRow) => (
    <span className="row-actions">
      <EditButton caption={t.edit} label={t.editLabel(row.date)} onClick={() => setEditing({ row })} />
      <DeleteButton label={t.deleteLabel(row.date)} onClick={() => askDelete(row)} />
    </span>
  );

  return (
    <>
      <AdminActions>
        <Button type="button" icon="pi pi-plus" label={t.newPick} size="small" onClick={() => setEditing({ row: null })} />
      </AdminActions>
      <AdminList data={data} loading={list.isFetching} count={(d) => t.total(formatNumber(d.total))} hrefOf={hrefOf} dataKey="date" emptyMessage={t.empty} label={t.tableLabel}>
        <Column header={t.colDate} body={dateCell} />
        <Column header={t.colPhoto} body={photoCell} />
        <Column header={t.colTitle} body={titleCell} />
        <Column header={t.colNote} body={(row: TodayRow) => <span className="today-admin-note">{row.note || t.noNote}</span>} />
        <Column header={t.colActions} body={actionsCell} />
      </AdminList>
      <TodayPickDialog target={editing} onHide={() => setEditing(null)} />
    </>
  );
}
