// Add or edit a map rule: the title pattern, the product (picked by search) and a note, with a
// 미리 보기 that lists the existing titles the pattern would catch.
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useId, useState, type FormEvent } from 'react';
import { ProductMapSave, ProductMapTest } from '../../../../common/api/products';
import { formatNumber } from '../../../../common/format';
import { koAdmin } from '../texts';
import { koAdminProductMap } from './texts';
import { AdminFormDialog } from '../shared/admin-form-dialog';
import { Field, FieldError } from '../../../ui/field';
import { toast } from '../../../ui/toast-store';
import { ProductPicker, type PickedProduct } from '../../../ui/product-picker';
import { useFieldErrors } from '../../../ui/use-field-errors';
import { productSearchRoot } from '../shared/api/keys';
import type { ProductMapRow } from './api/product-map-list';
import { useProductMapSave } from './api/product-map-save';
import { useProductMapTest, type ProductMapTestData } from './api/product-map-test';
import { mapMessageField } from '../products/message-field';

const t = koAdminProductMap;

/** A new rule (null row) or the rule being edited. */
export type MapTarget = { row: ProductMapRow | null };

export function ProductMapDialog({ target, onHide }: { target: MapTarget | null; onHide: () => void }) {
  const formId = useId();
  return (
    <AdminFormDialog title={target?.row ? t.editTitle : t.newTitle} visible={target !== null} onHide={onHide} formId={formId} width="40rem">
      {target && <MapForm key={target.row?.id ?? 'new'} row={target.row} formId={formId} onDone={onHide} />}
    </AdminFormDialog>
  );
}

function MapForm({ row, formId, onDone }: { row: ProductMapRow | null; formId: string; onDone: () => void }) {
  const base = useId();
  const [pattern, setPattern] = useState(row?.pattern ?? '');
  const [product, setProduct] = useState<PickedProduct | null>(row ? { key: row.productKey, name: row.productName } : null);
  const [note, setNote] = useState(row?.note ?? '');
  const [preview, setPreview] = useState<ProductMapTestData | null>(null);
  const save = useProductMapSave();
  const test = useProductMapTest();
  const ids = { pattern: `${base}-pattern`, productKey: `${base}-product`, note: `${base}-note` };
  const fe = useFieldErrors(ids);

  const serverFailed = (error: Error) => fe.failFromServer(error, (message) => mapMessageField(message) as keyof typeof ids | null);

  const runPreview = () => {
    const parsed = fe.check(ProductMapTest, { pattern });
    if (!parsed) return;
    test.mutate(parsed.pattern, { onSuccess: setPreview, onError: serverFailed });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (pattern.trim() !== '' && !product) return fe.fail('productKey', t.productMissing);
    const parsed = fe.check(ProductMapSave, { id: row?.id, pattern, productKey: product?.key ?? '', note });
    if (!parsed) return;
    save.mutate(parsed, {
      onSuccess: () => {
        toast.success(koAdmin.saved);
        onDone();
      },
      onError: serverFailed,
    });
  };

  return (
    <form id={formId} className="map-form" onSubmit={submit} noValidate>
      <Field id={ids.pattern} label={t.pattern} hint={t.patternHint} error={fe.error('pattern')}>
        <InputText
          id={ids.pattern}
          value={pattern}
          maxLength={200}
          onChange={(e) => {
            setPattern(e.target.value);
            fe.clear('pattern');
          }}
          {...fe.aria('pattern', `${ids.pattern}-hint`)}
        />
      </Field>
      <div className="preview-button">
        <Button type="button" label={t.preview} icon="pi pi-eye" outlined size="small" loading={test.isPending} onClick={runPreview} />
      </div>
      {preview && <PreviewList data={preview} />}
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
          aria={fe.aria('productKey')}
        />
        <FieldError id={ids.productKey} message={fe.error('productKey')} />
      </div>
      <Field id={ids.note} label={t.note} error={fe.error('note')}>
        <InputText
          id={ids.note}
          value={note}
          maxLength={400}
          onChange={(e) => {
            setNote(e.target.value);
            fe.clear('note');
          }}
          {...fe.aria('note')}
        />
      </Field>
    </form>
  );
}

function PreviewList({ data }: { data: ProductMapTestData }) {
  return (
    <section className="map-preview" aria-live="polite" aria-label={t.previewTitle}>
      <h3>{t.previewTitle}</h3>
      {data.items.length === 0 ? (
        <p className="spec-empty">{t.previewEmpty}</p>
      ) : (
        <>
          <p className="field-hint">{t.previewCount(formatNumber(data.items.length), formatNumber(data.total))}</p>
          <ul className="preview-list">
            {data.items.map((item) => (
              <li key={`${item.kind}-${item.key}`}>
                <span className="tag">{t.previewKind[item.kind]}</span>
                <a href={item.url} target="_blank" rel="noopener noreferrer">
                  {item.title}
                  <span className="visually-hidden"> {t.newWindow}</span>
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="field-hint">{t.previewScanned(formatNumber(data.scanned))}</p>
    </section>
  );
}
