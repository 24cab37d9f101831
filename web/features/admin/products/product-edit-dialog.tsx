// New product / edit product in a dialog. Editing loads the product's full record first (specs,
// EXIF names, pictures), then opens the form on it.
import { useId } from 'react';
import { ko } from '../../../i18n/ko';
import { koAdminProduct } from './texts';
import { AdminFormDialog } from '../shared/admin-form-dialog';
import { useProductDetail } from './api/product-detail';
import { ProductForm } from './product-form';

const t = koAdminProduct;

/** What the dialog edits: a new product, or an existing one by key (hidden comes from the list row). */
export type EditTarget = { key: null } | { key: string; hidden: boolean };

export function ProductEditDialog({ target, onHide }: { target: EditTarget | null; onHide: () => void }) {
  const formId = useId();
  const editing = target?.key ?? null;
  const detail = useProductDetail(editing);
  const ready = target !== null && (editing === null || detail.data !== undefined);
  return (
    <AdminFormDialog title={editing ? t.editTitle : t.newTitle} visible={target !== null} onHide={onHide} formId={formId} width="52rem" className="product-dialog" submit={{ disabled: !ready }}>
      {target !== null && ready && (
        <ProductForm key={editing ?? 'new'} product={editing ? (detail.data ?? null) : null} hidden={target.key !== null && target.hidden} formId={formId} onSaved={onHide} />
      )}
      {target !== null && !ready && (
        <p className="page-loading" role="status">
          {detail.isError ? ko.error.generic : ko.common.loading}
        </p>
      )}
    </AdminFormDialog>
  );
}
