// The community setup's spam section (docs/product/spam.md): who counts as a new member (days
// since joining, a level), a new member's posts an hour, and how many members' reports hold a
// member for review. Its own form and save (the settings are kept apart from the rest).
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useId, useState, type FormEvent } from 'react';
import { SpamSettings, type SpamSettingsInfo } from '../../../../common/api/spam';
import { ko } from '../../../i18n/ko';
import { Field } from '../../../ui/field';
import { toast } from '../../../ui/toast-store';
import { useFieldErrors } from '../../../ui/use-field-errors';
import { useSpamSettings, useSpamSettingsSave } from './api/spam-settings';
import { koSpamSetup as t } from './spam-texts';
import './spam-settings.css';

export function SpamSettingsSection() {
  const info = useSpamSettings();
  if (!info.data) {
    return (
      <p className="page-loading" role="status">
        {info.isError ? ko.error.generic : ko.common.loading}
      </p>
    );
  }
  return <SpamForm key={JSON.stringify(info.data.settings)} info={info.data} />;
}

/** "10" → 10; blank → null (the contract says what is wrong). */
const toNumber = (s: string) => (s.trim() === '' ? null : Number(s.replace(/,/g, '').trim()));

function SpamForm({ info }: { info: SpamSettingsInfo }) {
  const id = useId();
  const ids = { newMemberDays: `${id}-days`, newMemberLevelId: `${id}-level`, postsPerHour: `${id}-hour`, holdReports: `${id}-hold` };
  const fe = useFieldErrors(ids);
  const save = useSpamSettingsSave();
  const s = info.settings;
  const [days, setDays] = useState(String(s.newMemberDays));
  const [level, setLevel] = useState(s.newMemberLevelId === null ? '' : String(s.newMemberLevelId));
  const [perHour, setPerHour] = useState(String(s.postsPerHour));
  const [hold, setHold] = useState(String(s.holdReports));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    const form = fe.check(SpamSettings, {
      newMemberDays: toNumber(days),
      newMemberLevelId: level === '' ? null : Number(level),
      postsPerHour: toNumber(perHour),
      holdReports: toNumber(hold),
    });
    if (!form) return;
    save.mutate(form, { onSuccess: () => toast.success(t.saved) });
  };

  return (
    <form className="setup-form spam-setup" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <fieldset className="form-section">
        <legend id={`${id}-title`}>{t.section}</legend>
        <p className="field-hint">{t.intro}</p>
        <div className="form-grid form-grid-numbers">
          <Field id={ids.newMemberDays} label={t.days} hint={t.daysHint} error={fe.error('newMemberDays')}>
            <InputText id={ids.newMemberDays} value={days} inputMode="numeric" onChange={(e) => (setDays(e.target.value), fe.clear('newMemberDays'))} {...fe.aria('newMemberDays', `${ids.newMemberDays}-hint`)} />
          </Field>
          <Field id={ids.newMemberLevelId} label={t.level} error={fe.error('newMemberLevelId')}>
            <select id={ids.newMemberLevelId} className="p-inputtext p-component" value={level} onChange={(e) => (setLevel(e.target.value), fe.clear('newMemberLevelId'))} {...fe.aria('newMemberLevelId')}>
              <option value="">{t.levelNone}</option>
              {info.levels.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </select>
          </Field>
          <Field id={ids.postsPerHour} label={t.postsPerHour} error={fe.error('postsPerHour')}>
            <InputText id={ids.postsPerHour} value={perHour} inputMode="numeric" onChange={(e) => (setPerHour(e.target.value), fe.clear('postsPerHour'))} {...fe.aria('postsPerHour')} />
          </Field>
          <Field id={ids.holdReports} label={t.holdReports} hint={t.holdReportsHint} error={fe.error('holdReports')}>
            <InputText id={ids.holdReports} value={hold} inputMode="numeric" onChange={(e) => (setHold(e.target.value), fe.clear('holdReports'))} {...fe.aria('holdReports', `${ids.holdReports}-hint`)} />
          </Field>
        </div>
      </fieldset>
      <div className="setup-submit">
        <Button type="submit" label={t.save} icon="pi pi-check" loading={save.isPending} />
      </div>
    </form>
  );
}
