// Merge: the product picked in the list goes into another one the admin finds with the picker;
// everything that pointed at it moves (server), after a confirmation.
import { Button } from 'primereact/button';
import { useId, useState, type FormEvent } from 'react';
import { formatNumber } from '../../../common/format';
import { ko } from '../../i18n/ko';
import { AppDialog } from '../../ui/app-dialog';
import { confirm } from '../../ui/confirm';
import { FieldError } from '../../ui/field';
import { toast } from '../../ui/toast-store';
import { useFieldErrors } from '../../ui/use-field-errors';
import type { AdminProductRow } from './api/product-list';
import { useProductMerge } from './api/product-merge';
import { cardName, ProductPicker, type PickedProduct } from './product-picker';

const t = ko.admin.product;

export function MergeDialog({ from, onHide }: { from: AdminProductRow | null; onHide: () => void }) {
  const formId = useId();
  return (
    <AppDialog
      header={t.mergeTitle}
      visible={from !== null}
      onHide={onHide}
      modal
      draggable={false}
      style={{ width: '34rem', maxWidth: '96vw' }}
      footer={
        <div className="dialog-buttons">
          <Button type="button" label={ko.admin.cancel} text onClick={onHide} />
          <Button type="submit" form={formId} label={t.merge} icon="pi pi-clone" />
        </div>
      }
    >
      {from && <MergeForm from={from} formId={formId} onDone={onHide} />}
    </AppDialog>
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
