// Give an unmatched EXIF name to a product found with the admin product search: the name joins
// the product's EXIF names and the earlier photos carrying it are matched (server).
import { useId, useState, type FormEvent } from 'react';
import type { ExifUnmatchedRow } from '../../../../common/api/product-exif';
import { formatNumber } from '../../../../common/format';
import { koAdmin } from '../texts';
import { koAdminProductExif } from './texts';
import { AdminFormDialog } from '../shared/admin-form-dialog';
import { FieldError } from '../../../ui/field';
import { toast } from '../../../ui/toast-store';
import { ProductPicker, type PickedProduct } from '../../../ui/product-picker';
import { useFieldErrors } from '../../../ui/use-field-errors';
import { productSearchRoot } from '../shared/api/keys';
import { useExifAssign } from './api/exif-assign';

const t = koAdminProductExif;

export function ExifAssignDialog({ row, onHide }: { row: ExifUnmatchedRow | null; onHide: () => void }) {
  const formId = useId();
  return (
    <AdminFormDialog title={t.assignTitle} visible={row !== null} onHide={onHide} formId={formId} width="34rem" submit={{ label: t.assign, icon: 'pi pi-link' }}>
      {row && <AssignForm key={row.id} row={row} formId={formId} onDone={onHide} />}
    </AdminFormDialog>
  );
}

function AssignForm({ row, formId, onDone }: { row: ExifUnmatchedRow; formId: string; onDone: () => void }) {
  const base = useId();
  const [product, setProduct] = useState<PickedProduct | null>(null);
  const assign = useExifAssign();
  const ids = { productKey: `${base}-product` };
  const fe = useFieldErrors(ids);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (assign.isPending) return;
    if (!product) return fe.fail('productKey', t.productMissing);
    assign.mutate(
      { id: row.id, productKey: product.key },
      {
        onSuccess: (r) => {
          toast.success(t.assigned(r.productName, formatNumber(r.photos)));
          onDone();
        },
        // Every refusal of this call is about the product picked (or a name already gone).
        onError: (error) => fe.failFromServer(error, (message) => (/제품/.test(message) ? 'productKey' : null)),
      },
    );
  };

  return (
    <form id={formId} className="exif-assign-form" onSubmit={submit} noValidate>
      <p className="exif-assign-name">
        <span className="filter-label">{t.assignName}</span>
        <strong>{row.name}</strong> <span className="tag">{t.kinds[row.kind]}</span>
      </p>
      <div className={fe.error('productKey') ? 'field has-error' : 'field'}>
        <label htmlFor={ids.productKey}>{t.product}</label>
        <ProductPicker
          inputId={ids.productKey}
          value={product}
          queryRoot={productSearchRoot}
          placeholder={koAdmin.picker.placeholder}
          emptyMessage={koAdmin.picker.empty}
          onChange={(v) => {
            setProduct(v);
            fe.clear('productKey');
          }}
          aria={fe.aria('productKey', `${base}-hint`)}
          autoFocus
        />
        <FieldError id={ids.productKey} message={fe.error('productKey')} />
        <small id={`${base}-hint`} className="field-hint">
          {t.productHint(row.kind)}
        </small>
      </div>
    </form>
  );
}
