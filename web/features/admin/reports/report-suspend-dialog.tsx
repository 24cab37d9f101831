// The report queue's "suspend the author": the dialog says what will happen (the content is
// hidden, the author suspended and logged out everywhere) and asks for the length and the reason.
import { InputText } from 'primereact/inputtext';
import { useId, useState, type FormEvent } from 'react';
import { AdminReportResolve, REPORT_NOTE_MAX } from '../../../../common/api/reports';
import { numberFromText } from '../../../../common/format';
import { koReportAdmin as t } from './texts';
import { AdminFormDialog } from '../shared/admin-form-dialog';
import { Field } from '../../../ui/field';
import { toast } from '../../../ui/toast-store';
import { useFieldErrors } from '../../../ui/use-field-errors';
import { useReportResolve, type ReportRow } from './api/report-api';

export function ReportSuspendDialog({ row, onHide }: { row: ReportRow | null; onHide: () => void }) {
  const formId = useId();
  return (
    <AdminFormDialog title={t.suspendTitle} visible={row !== null} onHide={onHide} formId={formId} width="32rem" submit={{ label: t.suspendSubmit, icon: 'pi pi-ban', severity: 'danger' }}>
      {row && <SuspendForm key={row.id} row={row} formId={formId} onDone={onHide} />}
    </AdminFormDialog>
  );
}

function SuspendForm({ row, formId, onDone }: { row: ReportRow; formId: string; onDone: () => void }) {
  const base = useId();
  const [days, setDays] = useState('7');
  const [note, setNote] = useState('');
  const resolve = useReportResolve();
  const ids = { days: `${base}-days`, note: `${base}-note` };
  const fe = useFieldErrors(ids);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = fe.check(AdminReportResolve, { id: row.id, outcome: 'suspend', days: numberFromText(days), note });
    if (!parsed) return;
    resolve.mutate(parsed, {
      onSuccess: () => {
        toast.success(t.done.suspend);
        onDone();
      },
      onError: (error) => fe.failFromServer(error, (message) => message.startsWith('정지 기간') ? 'days' : null),
    });
  };

  return (
    <form id={formId} onSubmit={submit} noValidate>
      <p className="admin-intro">{t.suspendIntro(row.author?.nickName ?? t.unknownAuthor)}</p>
      <Field id={ids.days} label={t.days} hint={t.daysHint} error={fe.error('days')}>
        <InputText
          id={ids.days}
          value={days}
          inputMode="numeric"
          maxLength={4}
          onChange={(e) => {
            setDays(e.target.value);
            fe.clear('days');
          }}
          {...fe.aria('days', `${ids.days}-hint`)}
        />
      </Field>
      <Field id={ids.note} label={t.note} hint={t.noteHint} error={fe.error('note')}>
        <InputText
          id={ids.note}
          value={note}
          maxLength={REPORT_NOTE_MAX + 20}
          onChange={(e) => {
            setNote(e.target.value);
            fe.clear('note');
          }}
          {...fe.aria('note', `${ids.note}-hint`)}
        />
      </Field>
    </form>
  );
}
