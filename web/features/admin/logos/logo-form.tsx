// The logo form (new or edit) in a dialog: kind, the picture (uploaded through the file pipeline,
// previewed at both header heights), tooltip name, year label, link, and an optional date range.
import { Button } from 'primereact/button';
import { Calendar, type CalendarProps } from 'primereact/calendar';
import { InputText } from 'primereact/inputtext';
import { RadioButton } from 'primereact/radiobutton';
import { useId, useRef, useState, type FormEvent } from 'react';
import { AdminLogoSave, LOGO_KINDS, type AdminLogo } from '../../../../common/api/admin-setup';
import { koAdmin } from '../texts';
import { koAdminLogo } from './texts';
import { AdminFormDialog } from '../shared/admin-form-dialog';
import { Field, FieldError } from '../../../ui/field';
import { toast } from '../../../ui/toast-store';
import { useFieldErrors } from '../../../ui/use-field-errors';
import { uploadFile } from '../../../api/file-upload';
import { useLogoSave } from './api/logos';

const t = koAdminLogo;

/** A picked calendar day as YYYY-MM-DD (the day the admin clicked, whatever the clock). */
const dayText = (d: Date | null | undefined) =>
  d ? `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}` : null;
const dayDate = (s: string | null) => (s ? new Date(Number(s.slice(0, 4)), Number(s.slice(5, 7)) - 1, Number(s.slice(8, 10))) : null);

/** aria-invalid / aria-describedby on the Calendar's own input (its other props go to its wrapper). */
const calendarAria = (aria: Record<string, unknown>): Pick<CalendarProps, 'pt'> => ({ pt: { input: { root: aria } } as CalendarProps['pt'] });

/** The picture at the header's two heights: 25 px on wide screens, 17 px on phones. */
export function LogoPreview({ image, name }: { image: string; name: string }) {
  return (
    <span className="logo-preview">
      <span className="logo-preview-size">
        <img src={image} alt={t.previewAlt(name, 25)} style={{ height: 25 }} />
        <small>{t.previewWide}</small>
      </span>
      <span className="logo-preview-size">
        <img src={image} alt={t.previewAlt(name, 17)} style={{ height: 17 }} />
        <small>{t.previewPhone}</small>
      </span>
    </span>
  );
}

export type LogoTarget = { logo: AdminLogo | null };

export function LogoDialog({ target, onHide }: { target: LogoTarget | null; onHide: () => void }) {
  const formId = useId();
  return (
    <AdminFormDialog title={target?.logo ? t.editTitle : t.newTitle} visible={target !== null} onHide={onHide} formId={formId} width="40rem">
      {target && <LogoForm key={target.logo?.id ?? 'new'} logo={target.logo} formId={formId} onSaved={onHide} />}
    </AdminFormDialog>
  );
}

function LogoForm({ logo, formId, onSaved }: { logo: AdminLogo | null; formId: string; onSaved: () => void }) {
  const base = useId();
  const ids = {
    kind: `${base}-kind`,
    fileKey: `${base}-file`,
    name: `${base}-name`,
    year: `${base}-year`,
    imageUrl: `${base}-link`,
    startsOn: `${base}-starts`,
    endsOn: `${base}-ends`,
  };
  type FieldName = keyof typeof ids;
  const fe = useFieldErrors(ids);
  const [kind, setKind] = useState<(typeof LOGO_KINDS)[number]>(logo?.kind ?? 'second');
  const [name, setName] = useState(logo?.name ?? '');
  const [year, setYear] = useState(logo?.year ?? '');
  const [imageUrl, setImageUrl] = useState(logo?.imageUrl ?? '');
  const [startsOn, setStartsOn] = useState<Date | null>(dayDate(logo?.startsOn ?? null));
  const [endsOn, setEndsOn] = useState<Date | null>(dayDate(logo?.endsOn ?? null));
  const [picture, setPicture] = useState<{ fileKey?: string; image: string } | null>(logo ? { image: logo.image } : null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const save = useLogoSave();

  const pick = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    setBusy(true);
    try {
      const stored = await uploadFile(file);
      if (!stored.image) return fe.fail('fileKey', t.notPicture);
      setPicture({ fileKey: stored.fileKey, image: stored.url });
      fe.clear('fileKey');
    } catch {
      // The upload helper has said why.
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const values = {
      ...(logo && { id: logo.id }),
      kind,
      name,
      year,
      imageUrl,
      ...(picture?.fileKey && { fileKey: picture.fileKey }),
      startsOn: dayText(startsOn),
      endsOn: dayText(endsOn),
    };
    const parsed = fe.check(AdminLogoSave, values);
    if (!parsed) return;
    save.mutate(parsed, {
      onSuccess: () => {
        toast.success(logo ? koAdmin.saved : t.savedNew);
        onSaved();
      },
      onError: (error) =>
        fe.failFromServer(error, (message): FieldName | null => (/그림/.test(message) ? 'fileKey' : /로고를 찾을/.test(message) ? null : /링크/.test(message) ? 'imageUrl' : null)),
    });
  };

  return (
    <form id={formId} className="logo-form" onSubmit={submit} noValidate>
      <fieldset className="logo-kinds" id={ids.kind} tabIndex={-1} {...fe.aria('kind')}>
        <legend>{t.kind}</legend>
        {LOGO_KINDS.map((k) => (
          <span key={k} className="field-check">
            <RadioButton inputId={`${ids.kind}-${k}`} name={`${base}-kind`} value={k} checked={kind === k} onChange={() => setKind(k)} />
            <label htmlFor={`${ids.kind}-${k}`}>{t.kinds[k]}</label>
          </span>
        ))}
        <FieldError id={ids.kind} message={fe.error('kind')} />
      </fieldset>

      <div className={fe.error('fileKey') ? 'field has-error' : 'field'}>
        <span className="setup-group-title">{t.picture}</span>
        {picture ? <LogoPreview image={picture.image} name={name || t.pictureUnnamed} /> : <p className="spec-empty">{t.noPicture}</p>}
        <input ref={input} type="file" accept="image/*" hidden data-testid="logo-file-input" onChange={(e) => void pick(e.target.files)} tabIndex={-1} aria-hidden="true" />
        <Button
          type="button"
          id={ids.fileKey}
          icon="pi pi-upload"
          label={picture ? t.replacePicture : t.uploadPicture}
          size="small"
          outlined
          loading={busy}
          onClick={() => input.current?.click()}
          {...fe.aria('fileKey', `${ids.fileKey}-hint`)}
        />
        <FieldError id={ids.fileKey} message={fe.error('fileKey')} />
        <small id={`${ids.fileKey}-hint`} className="field-hint">
          {t.pictureHint}
        </small>
      </div>

      <div className="form-grid">
        <Field id={ids.name} label={t.name} hint={t.nameHint} error={fe.error('name')}>
          <InputText id={ids.name} value={name} onChange={(e) => (setName(e.target.value), fe.clear('name'))} {...fe.aria('name', `${ids.name}-hint`)} />
        </Field>
        <Field id={ids.year} label={t.year} hint={t.yearHint} error={fe.error('year')}>
          <InputText id={ids.year} value={year} onChange={(e) => (setYear(e.target.value), fe.clear('year'))} {...fe.aria('year', `${ids.year}-hint`)} />
        </Field>
      </div>
      <Field id={ids.imageUrl} label={t.link} hint={t.linkHint} error={fe.error('imageUrl')}>
        <InputText id={ids.imageUrl} value={imageUrl} inputMode="url" onChange={(e) => (setImageUrl(e.target.value), fe.clear('imageUrl'))} {...fe.aria('imageUrl', `${ids.imageUrl}-hint`)} />
      </Field>

      <fieldset className="form-section">
        <legend>{t.schedule}</legend>
        <p className="field-hint">{t.scheduleHint}</p>
        <div className="form-grid">
          <Field id={ids.startsOn} label={t.startsOn} error={fe.error('startsOn')}>
            <Calendar
              inputId={ids.startsOn}
              value={startsOn}
              onChange={(e) => (setStartsOn((e.value as Date | null) ?? null), fe.clear('startsOn'))}
              dateFormat="yy-mm-dd"
              showButtonBar
              showIcon
              invalid={fe.error('startsOn') !== undefined}
              {...calendarAria(fe.aria('startsOn'))}
            />
          </Field>
          <Field id={ids.endsOn} label={t.endsOn} error={fe.error('endsOn')}>
            <Calendar
              inputId={ids.endsOn}
              value={endsOn}
              onChange={(e) => (setEndsOn((e.value as Date | null) ?? null), fe.clear('endsOn'))}
              dateFormat="yy-mm-dd"
              showButtonBar
              showIcon
              invalid={fe.error('endsOn') !== undefined}
              {...calendarAria(fe.aria('endsOn'))}
            />
          </Field>
        </div>
      </fieldset>
    </form>
  );
}
