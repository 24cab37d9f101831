// logoManage (/system/logo/list): every logo with its picture at both header sizes, its kind and
// dates, whether it is on and whether the header shows it today; add, edit, switch on/off, delete.
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { useState } from 'react';
import { formatNumber } from '../../../../common/format';
import { ko } from '../../../i18n/ko';
import { koAdminLogo } from './texts';
import { confirm } from '../../../ui/confirm';
import { toast } from '../../../ui/toast-store';
import { AdminActions, AdminFrame } from '../shared/admin-frame';
import { DeleteButton, EditButton } from '../shared/admin-list';
import { useLogoActivate, useLogoDelete, useLogoList, type AdminLogo } from './api/logos';
import { LogoDialog, LogoPreview, type LogoTarget } from './logo-form';
import './logos.css';
import { AdminTable } from '../shared/admin-table';

const t = koAdminLogo;

export default function LogoManagePage() {
  return (
    <AdminFrame page="logoManage">
      <LogoManage />
    </AdminFrame>
  );
}

const period = (l: AdminLogo) => (l.startsOn || l.endsOn ? `${l.startsOn ?? ''} ~ ${l.endsOn ?? ''}` : t.always);

function LogoManage() {
  const list = useLogoList();
  const activate = useLogoActivate();
  const remove = useLogoDelete();
  const [editing, setEditing] = useState<LogoTarget | null>(null);

  const askDelete = (l: AdminLogo) =>
    confirm({
      message: t.deleteConfirm(l.name),
      defaultFocus: 'reject',
      accept: () => remove.mutate(l.id, { onSuccess: () => toast.success(t.deleted) }),
    });
  const toggle = (l: AdminLogo) =>
    activate.mutate({ id: l.id, active: !l.active }, { onSuccess: () => toast.success(l.active ? t.turnedOff(l.name) : t.turnedOn(l.name)) });

  const nameCell = (l: AdminLogo) => (
    <span className="product-cell">
      <span className="product-cell-name">{l.name}</span>
      <span className="product-tags">
        {l.year && <span className="tag">{l.year}</span>}
        {l.showing && <span className="tag tag-showing">{t.showingTag}</span>}
      </span>
    </span>
  );
  const stateCell = (l: AdminLogo) => <span className={l.active ? 'tag tag-on' : 'tag tag-hidden'}>{l.active ? t.on : t.off}</span>;
  const actionsCell = (l: AdminLogo) => (
    <span className="row-actions">
      <EditButton label={t.editLabel(l.name)} onClick={() => setEditing({ logo: l })} />
      <Button
        type="button"
        icon={l.active ? 'pi pi-eye-slash' : 'pi pi-eye'}
        label={l.active ? t.turnOff : t.turnOn}
        size="small"
        text
        aria-label={l.active ? t.turnOffLabel(l.name) : t.turnOnLabel(l.name)}
        onClick={() => toggle(l)}
      />
      <DeleteButton label={t.deleteLabel(l.name)} onClick={() => askDelete(l)} />
    </span>
  );

  const items = list.data?.items ?? [];
  return (
    <>
      <AdminActions>
        <Button type="button" icon="pi pi-plus" label={t.newLogo} size="small" onClick={() => setEditing({ logo: null })} />
      </AdminActions>
      <p className="field-hint logo-rules">{t.rules}</p>
      <p className="admin-count" aria-live="polite">
        {list.data ? t.total(formatNumber(items.length)) : ko.common.loading}
      </p>
      <AdminTable
        value={items}
        dataKey="id"
        loading={list.isFetching}
        emptyMessage={t.empty}
        aria-label={t.tableLabel}
        paginator={items.length > 50}
        rows={50}
        sortMode="single"
      >
        <Column header={t.colPicture} body={(l: AdminLogo) => <LogoPreview image={l.image} name={l.name} />} />
        <Column header={t.colName} field="name" sortable body={nameCell} />
        <Column header={t.colKind} field="kind" sortable body={(l: AdminLogo) => t.kinds[l.kind]} />
        <Column header={t.colPeriod} field="startsOn" sortable body={period} />
        <Column header={t.colState} field="active" sortable body={stateCell} />
        <Column header={t.colActions} body={actionsCell} />
      </AdminTable>
      <LogoDialog target={editing} onHide={() => setEditing(null)} />
    </>
  );
}
