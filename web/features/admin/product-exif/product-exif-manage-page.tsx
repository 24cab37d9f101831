// productExifManage (/system/product/exif/list): camera and lens names uploads carried that matched
// no product, newest first, 50 a page; each can be given to a product (earlier photos follow) or
// ignored. The waiting names by default, the ignored ones behind the view filter.
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ExifUnmatchedRow } from '../../../../common/api/product-exif';
import { formatDate, formatNumber } from '../../../../common/format';
import { postPath } from '../../../shared/paths';
import { koAdminProductExif } from './texts';
import { toast } from '../../../ui/toast-store';
import { AdminFrame } from '../shared/admin-frame';
import { AdminFilters, AdminList, FilterSelect } from '../shared/admin-list';
import { pageOf, useListAddress } from '../shared/list-address';
import { useExifIgnore } from './api/exif-ignore';
import { useExifUnmatched, type ExifUnmatchedParams } from './api/exif-unmatched';
import { ExifAssignDialog } from './exif-assign-dialog';
import './product-exif.css';

const t = koAdminProductExif;

type KindFilter = '' | 'body' | 'lens';

function readFilters(params: URLSearchParams) {
  const kind = params.get('kind') ?? '';
  return {
    q: (params.get('q') ?? '').slice(0, 60),
    kind: (kind === 'body' || kind === 'lens' ? kind : '') as KindFilter,
    ignored: params.get('ignored') === '1' ? '1' : '',
    page: pageOf(params),
  };
}

export default function ProductExifManagePage() {
  return (
    <AdminFrame page="productExifManage">
      <ProductExifManage />
    </AdminFrame>
  );
}

function ProductExifManage() {
  const { filters, change, hrefOf } = useListAddress(readFilters);
  const ignoredView = filters.ignored === '1';
  const request: ExifUnmatchedParams = {
    page: filters.page,
    ignored: ignoredView,
    ...(filters.q && { search: filters.q }),
    ...(filters.kind && { kind: filters.kind }),
  };
  const list = useExifUnmatched(request);
  const ignore = useExifIgnore();
  const [assigning, setAssigning] = useState<ExifUnmatchedRow | null>(null);

  const toggleIgnored = (row: ExifUnmatchedRow) =>
    ignore.mutate({ id: row.id, ignored: !row.ignored }, { onSuccess: () => toast.success(row.ignored ? t.unignored(row.name) : t.ignored(row.name)) });

  const nameCell = (row: ExifUnmatchedRow) => <span className="exif-name">{row.name}</span>;
  const exampleCell = (row: ExifUnmatchedRow) =>
    row.example ? (
      <Link to={postPath(row.example.boardId, row.example.postKey)} className="exif-example">
        <img src={row.example.thumbUrl} alt={t.exampleAlt(row.name)} width={48} height={48} loading="lazy" />
      </Link>
    ) : (
      <span className="exif-no-example">{t.noExample}</span>
    );
  const actionsCell = (row: ExifUnmatchedRow) => (
    <span className="row-actions exif-actions">
      {!row.ignored && <Button type="button" icon="pi pi-link" label={t.assign} size="small" text aria-label={t.assignLabel(row.name)} onClick={() => setAssigning(row)} />}
      <Button
        type="button"
        icon={row.ignored ? 'pi pi-replay' : 'pi pi-eye-slash'}
        label={row.ignored ? t.unignore : t.ignore}
        size="small"
        text
        severity="secondary"
        aria-label={row.ignored ? t.unignoreLabel(row.name) : t.ignoreLabel(row.name)}
        disabled={ignore.isPending}
        onClick={() => toggleIgnored(row)}
      />
    </span>
  );

  return (
    <>
      <p className="admin-intro">{t.intro}</p>
      <AdminFilters
        key={filters.q}
        label={t.filters}
        search={{ id: 'admin-exif-q', label: t.search, placeholder: t.searchPlaceholder, submit: t.searchSubmit, value: filters.q, onSearch: (q) => change({ q }) }}
      >
        <FilterSelect label={t.kind} value={filters.kind} onChange={(v) => change({ kind: v as KindFilter })}>
          <option value="">{t.allKinds}</option>
          <option value="body">{t.kinds.body}</option>
          <option value="lens">{t.kinds.lens}</option>
        </FilterSelect>
        <FilterSelect label={t.view} value={filters.ignored} onChange={(v) => change({ ignored: v === '1' ? '1' : '' })}>
          <option value="">{t.waiting}</option>
          <option value="1">{t.ignoredView}</option>
        </FilterSelect>
      </AdminFilters>
      <AdminList
        data={list.data}
        loading={list.isFetching}
        count={(d) => t.total(formatNumber(d.total))}
        hrefOf={hrefOf}
        dataKey="id"
        emptyMessage={ignoredView ? t.emptyIgnored : t.empty}
        label={t.tableLabel}
      >
        <Column header={t.colName} body={nameCell} />
        <Column header={t.colKind} className="cell-short" headerClassName="cell-short" body={(row: ExifUnmatchedRow) => t.kinds[row.kind]} />
        <Column header={t.colPhotos} className="cell-short" headerClassName="cell-short" body={(row: ExifUnmatchedRow) => t.photos(formatNumber(row.photos))} />
        <Column header={t.colExample} body={exampleCell} />
        <Column header={t.colSeen} className="cell-short" headerClassName="cell-short" body={(row: ExifUnmatchedRow) => formatDate(row.lastSeenAt)} />
        <Column header={t.colActions} body={actionsCell} />
      </AdminList>
      <ExifAssignDialog row={assigning} onHide={() => setAssigning(null)} />
    </>
  );
}
