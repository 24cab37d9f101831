// Merge: the product picked in the list goes into another one the admin finds with the picker;
// everything that pointed at it moves (server), after a confirmation.
import { useId, useState, type FormEvent } from 'react';
import { formatNumber } from '../../../../common/format';
import { koAdmin } from '../texts';
import { koAdminProduct } from './texts';
import { AdminFormDialog } from '../shared/admin-form-dialog';
import { confirm } from '../../../ui/confirm';
import { FieldError } from '../../../ui/field';
import { toast } from '../../../ui/toast-store';
import { cardName, ProductPicker, type PickedProduct } from '../../../ui/product-picker';
import { useFieldErrors } from '../../../ui/use-field-errors';
import { productSearchRoot } from '../shared/api/keys';
import type { AdminProductRow } from './api/product-list';
import { useProductMerge } from './api/product-merge';

const t = koAdminProduct;

export function MergeDialog({ from, onHide }: { from: AdminProductRow | null; onHide: () => void }) {
  const formId = useId();
  return (
    <AdminFormDialog title={t.mergeTitle} visible={from !== null} onHide={onHide} formId={formId} width="34rem" submit={{ label: t.merge, icon: 'pi pi-clone' }}>
      {from && <MergeForm from={from} formId={formId} onDone={onHide} />}
    </AdminFormDialog>
  );
}

function MergeForm({ from, formId, onDone }: { from: AdminProductRow; formId: string; onDone: () => void }) {
  const base = useId();
  const [into, setInto] = useState<PickedProduct | null>(null);
  const merge = useProductMerge();
  const fe = useFieldErrors({ into: `${base}-into` });
  const fromName = cardName(from);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!into) return fe.fail('into', t.mergePick);
    confirm({
      message: t.mergeConfirm(fromName, into.name),
      defaultFocus: 'reject',
      accept: () =>
        merge.mutate(
          { from: from.key, into: into.key },
          {
            onSuccess: (r) => {
              toast.success(t.merged(formatNumber(r.photos), formatNumber(r.maps)));
              onDone();
            },
          },
        ),
    });
  };

  return (
    <form id={formId} className="merge-form" onSubmit={submit} noValidate>
      <p className="merge-from">
        <span className="filter-label">{t.mergeFrom}</span>
        <strong>{fromName}</strong>
      </p>
      <div className={fe.error('into') ? 'field has-error' : 'field'}>
        <label htmlFor={`${base}-into`}>{t.mergeInto}</label>
        <ProductPicker
          inputId={`${base}-into`}
          value={into}
          exclude={from.key}
          queryRoot={productSearchRoot}
          placeholder={koAdmin.picker.placeholder}
          emptyMessage={koAdmin.picker.empty}
          onChange={(v) => {
            setInto(v);
            fe.clear('into');
          }}
          aria={fe.aria('into', `${base}-into-hint`)}
        />
        <FieldError id={`${base}-into`} message={fe.error('into')} />
        <small id={`${base}-into-hint`} className="field-hint">
          {t.mergeHint}
        </small>
      </div>
    </form>
  );
}
