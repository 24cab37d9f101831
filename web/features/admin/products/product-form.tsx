// The product form: every field of AdminProductSave, labelled, checked with the shared contract
// before sending; the first failure (ours or the server's) marked at its field.
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { AdminProductSave, SpecRow, type ProductView } from '../../../../common/api/products';
import { CAMERA_MAKERS, makerOf, OTHER_MAKER, PRODUCT_TYPE_NAMES, PRODUCT_TYPES } from '../../../../common/products/makers';
import { koAdmin } from '../texts';
import { koAdminProduct } from './texts';
import { Field, FieldError } from '../../../ui/field';
import { toast } from '../../../ui/toast-store';
import { focusField, useFieldErrors } from '../../../ui/use-field-errors';
import type { ProductImageData as ProductImage } from './api/product-detail';
import { useProductSave } from './api/product-save';
import { productMessageField } from './message-field';
import { NameChips } from './name-chips';
import { ProductImages } from './product-images';
import { specInputId, specRow, SpecRows, type SpecRowDraft } from './spec-rows';

const t = koAdminProduct;
const MAKERS = [...CAMERA_MAKERS, OTHER_MAKER];
const NUMBER_FIELDS = ['cropFactor', 'focalMin', 'focalMax', 'apertureMin', 'apertureMax'] as const;
type NumberField = (typeof NUMBER_FIELDS)[number];
type TextField = 'brand' | 'name' | 'nameKo' | 'exifMake' | 'mount' | 'announced';

interface Draft extends Record<TextField | NumberField, string> {
  type: string;
  company: string;
  exifNames: string[];
  hidden: boolean;
}

const numberText = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** The form's starting values: an empty product, or the one being edited. */
export function draftOf(p: ProductView | null, hidden: boolean): { draft: Draft; specs: SpecRowDraft[]; images: ProductImage[] } {
  return {
    draft: {
      type: p?.type ?? '',
      company: p?.company ?? '',
      brand: p?.brand ?? '',
      name: p?.name ?? '',
      nameKo: p?.nameKo ?? '',
      exifMake: p?.exifMake ?? '',
      exifNames: p?.exifNames ?? [],
      mount: p?.mount ?? '',
      cropFactor: numberText(p?.cropFactor),
      focalMin: numberText(p?.focalMin),
      focalMax: numberText(p?.focalMax),
      apertureMin: numberText(p?.apertureMin),
      apertureMax: numberText(p?.apertureMax),
      announced: p?.announced ?? '',
      hidden,
    },
    specs: (p?.specs ?? []).map((s) => specRow(s.label, s.value)),
    images: p?.images ?? [],
  };
}

export interface ProductFormProps {
  product: ProductView | null;
  hidden: boolean;
  formId: string;
  onSaved: (key: string) => void;
}

export function ProductForm({ product, hidden, formId, onSaved }: ProductFormProps) {
  const base = useId();
  const start = draftOf(product, hidden);
  const [draft, setDraft] = useState(start.draft);
  const [specs, setSpecs] = useState(start.specs);
  const [images, setImages] = useState(start.images);
  const [badSpec, setBadSpec] = useState<{ index: number; part: 'label' | 'value' } | null>(null);
  const save = useProductSave();
  const ids = {
    type: `${base}-type`,
    company: `${base}-company`,
    brand: `${base}-brand`,
    name: `${base}-name`,
    nameKo: `${base}-nameKo`,
    exifMake: `${base}-exifMake`,
    exifNames: `${base}-exifNames`,
    mount: `${base}-mount`,
    cropFactor: `${base}-cropFactor`,
    focalMin: `${base}-focalMin`,
    focalMax: `${base}-focalMax`,
    apertureMin: `${base}-apertureMin`,
    apertureMax: `${base}-apertureMax`,
    announced: `${base}-announced`,
    specs: `${base}-specs`,
    imageKeys: `${base}-images`,
    hidden: `${base}-hidden`,
  };
  const fe = useFieldErrors(ids);
  type FieldName = keyof typeof ids;

  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    if (field in ids) fe.clear(field as FieldName);
  };

  const pickCompany = (company: string) => {
    // The brand follows a camera maker's name until the admin types a brand of their own.
    const before = makerOf(draft.company);
    const after = makerOf(company);
    setDraft((d) => ({
      ...d,
      company,
      brand: after && after.key !== OTHER_MAKER.key && (d.brand === '' || d.brand === before?.name) ? after.name : d.brand,
    }));
    fe.clear('company');
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const numbers: Partial<Record<NumberField, number | null>> = {};
    for (const field of NUMBER_FIELDS) {
      const text = draft[field].trim().replace(',', '.');
      const n = text === '' ? null : Number(text);
      if (n !== null && !Number.isFinite(n)) return fe.fail(field, t.numberInvalid);
      numbers[field] = n;
    }
    // Blank rows are left out; a half-filled one is marked at the part that is missing.
    const rows = specs.filter((r) => r.label.trim() !== '' || r.value.trim() !== '');
    for (const row of rows) {
      const parsed = SpecRow.safeParse({ label: row.label, value: row.value });
      if (parsed.success) continue;
      const issue = parsed.error.issues[0];
      const part = issue?.path[0] === 'value' ? 'value' : 'label';
      const index = specs.indexOf(row);
      setBadSpec({ index, part });
      fe.fail('specs', issue?.message ?? t.specsEmpty);
      return focusField(specInputId(ids.specs, index, part));
    }
    setBadSpec(null);
    const values = {
      key: product?.key,
      ...draft,
      ...numbers,
      specs: rows.map(({ label, value }) => ({ label, value })),
      imageKeys: images.map((img) => img.fileKey),
    };
    const parsed = fe.check(AdminProductSave, values);
    if (!parsed) return;
    save.mutate(parsed, {
      onSuccess: ({ key }) => {
        toast.success(product ? koAdmin.saved : t.savedNew);
        onSaved(key);
      },
      onError: (error) => fe.failFromServer(error, (message) => productMessageField(message) as FieldName | null),
    });
  };

  const text = (field: TextField, label: string, hint?: string, after?: ReactNode) => (
    <Field id={ids[field]} label={label} hint={hint} error={fe.error(field)} after={after}>
      <InputText id={ids[field]} value={draft[field]} onChange={(e) => set(field, e.target.value)} {...fe.aria(field, hint && `${ids[field]}-hint`)} />
    </Field>
  );
  const number = (field: NumberField, label: string) => (
    <Field id={ids[field]} label={label} error={fe.error(field)}>
      <InputText id={ids[field]} value={draft[field]} inputMode="decimal" onChange={(e) => set(field, e.target.value)} {...fe.aria(field)} />
    </Field>
  );

  return (
    <form id={formId} className="product-form" onSubmit={submit} noValidate>
      <fieldset className="form-section">
        <legend>{t.basics}</legend>
        <div className="form-grid">
          <Field id={ids.type} label={t.type} error={fe.error('type')}>
            <select id={ids.type} className="p-inputtext p-component" value={draft.type} onChange={(e) => set('type', e.target.value)} {...fe.aria('type')}>
              <option value="">{t.pickType}</option>
              {PRODUCT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {PRODUCT_TYPE_NAMES[type]}
                </option>
              ))}
            </select>
          </Field>
          <Field id={ids.company} label={t.company} error={fe.error('company')}>
            <select id={ids.company} className="p-inputtext p-component" value={draft.company} onChange={(e) => pickCompany(e.target.value)} {...fe.aria('company')}>
              <option value="">{t.pickMaker}</option>
              {MAKERS.map((m) => (
                <option key={m.key} value={m.key}>
                  {m.name}
                </option>
              ))}
            </select>
          </Field>
          {text('brand', t.brand, draft.company === OTHER_MAKER.key ? t.brandHint : undefined)}
          {text('name', t.name)}
          {text('nameKo', t.nameKo, t.nameKoHint)}
          {text('announced', t.announced, t.announcedHint)}
          {text('mount', t.mount)}
        </div>
        <div className="field-check admin-check">
          <Checkbox inputId={ids.hidden} checked={draft.hidden} onChange={(e) => set('hidden', e.checked === true)} />
          <label htmlFor={ids.hidden}>{t.hiddenField}</label>
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend>{t.lensData}</legend>
        <div className="form-grid form-grid-numbers">
          {number('cropFactor', t.cropFactor)}
          {number('focalMin', t.focalMin)}
          {number('focalMax', t.focalMax)}
          {number('apertureMin', t.apertureMin)}
          {number('apertureMax', t.apertureMax)}
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend>{t.exif}</legend>
        {text('exifMake', t.exifMake, t.exifMakeHint)}
        <div className={fe.error('exifNames') ? 'field has-error' : 'field'}>
          <label htmlFor={ids.exifNames}>{t.exifNames}</label>
          <NameChips inputId={ids.exifNames} value={draft.exifNames} onChange={(names) => set('exifNames', names)} aria={fe.aria('exifNames', `${ids.exifNames}-hint`)} />
          <FieldError id={ids.exifNames} message={fe.error('exifNames')} />
          <small id={`${ids.exifNames}-hint`} className="field-hint">
            {t.exifNamesHint}
          </small>
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend>{t.specsTitle}</legend>
        <SpecRows
          id={ids.specs}
          rows={specs}
          onChange={(rows) => {
            setSpecs(rows);
            setBadSpec(null);
            fe.clear('specs');
          }}
          invalid={badSpec}
          describedBy={fe.error('specs') ? `${ids.specs}-error` : undefined}
        />
        <FieldError id={ids.specs} message={fe.error('specs')} />
      </fieldset>

      <fieldset className="form-section">
        <legend>{t.imagesTitle}</legend>
        <p id={`${ids.imageKeys}-hint`} className="field-hint">
          {t.imagesHint}
        </p>
        <ProductImages
          id={ids.imageKeys}
          images={images}
          onChange={(next) => {
            setImages(next);
            fe.clear('imageKeys');
          }}
          invalid={fe.error('imageKeys') !== undefined}
          describedBy={[`${ids.imageKeys}-hint`, fe.error('imageKeys') && `${ids.imageKeys}-error`].filter(Boolean).join(' ')}
        />
        <FieldError id={ids.imageKeys} message={fe.error('imageKeys')} />
      </fieldset>
    </form>
  );
}
