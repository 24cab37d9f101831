// The report dialog: one required reason (300 characters at most), checked by the shared rule;
// the server's answer (already reported, your own, not found) shows at the field.
import { useMutation } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { useId, useState, type FormEvent } from 'react';
import { REPORT_REASON_MAX, reportReasonRule, type ReportKind } from '../../common/api/reports';
import { z } from 'zod';
import { callAwait } from '../api/call';
import { koReport as t } from '../i18n/ko-moderation';
import { AppDialog } from './app-dialog';
import { Field } from './field';
import { toast } from './toast-store';
import { useFieldErrors } from './use-field-errors';
import './report.css';

/** /api/report/save; its refusals are shown at the reason field, so the call stays silent. */
const useReportSave = () =>
  useMutation({
    mutationFn: (input: { kind: ReportKind; key: number; reason: string }) => callAwait<{ id: number }>('/api/report/save', { data: input, silent: true }),
  });

const ReasonForm = z.object({ reason: reportReasonRule });

export default function ReportDialog({ kind, targetKey, visible, onHide }: { kind: ReportKind; targetKey: number; visible: boolean; onHide: () => void }) {
  const formId = useId();
  const [reason, setReason] = useState('');
  const save = useReportSave();
  const ids = { reason: `${formId}-reason` };
  const fe = useFieldErrors(ids);

  const close = () => {
    fe.reset();
    onHide();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = fe.check(ReasonForm, { reason });
    if (!parsed) return;
    save.mutate(
      { kind, key: targetKey, reason: parsed.reason },
      {
        onSuccess: () => {
          toast.success(t.done);
          setReason('');
          close();
        },
        onError: (error) => fe.failFromServer(error, () => 'reason'),
      },
    );
  };

  return (
    <AppDialog
      header={t.dialogTitle[kind]}
      visible={visible}
      onHide={close}
      modal
      draggable={false}
      style={{ width: '28rem', maxWidth: '94vw' }}
      footer={
        <div className="report-dialog-buttons">
          <Button type="button" label={t.cancel} text onClick={close} />
          <Button type="submit" form={formId} label={t.send} icon="pi pi-flag" severity="danger" loading={save.isPending} />
        </div>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <Field id={ids.reason} label={t.reason} hint={t.reasonHint} error={fe.error('reason')}>
          <InputTextarea
            id={ids.reason}
            value={reason}
            rows={4}
            autoResize
            maxLength={REPORT_REASON_MAX + 20}
            onChange={(e) => {
              setReason(e.target.value);
              fe.clear('reason');
            }}
            {...fe.aria('reason', `${ids.reason}-hint`)}
          />
        </Field>
      </form>
    </AppDialog>
  );
}
