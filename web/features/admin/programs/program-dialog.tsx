// Add or edit a program: id (fixed once made), name and url, checked with the shared contract;
// the server's message (an id already taken) is shown at its field.
import { InputText } from 'primereact/inputtext';
import { useId, useState, type FormEvent } from 'react';
import { ProgramSave, type ProgramRow } from '../../../../common/api/admin-menus';
import { koAdmin } from '../texts';
import { koAdminProgram } from './texts';
import { AdminFormDialog } from '../shared/admin-form-dialog';
import { Field } from '../../../ui/field';
import { toast } from '../../../ui/toast-store';
import { useFieldErrors } from '../../../ui/use-field-errors';
import { useProgramSave } from '../menus/api/menu-api';

const t = koAdminProgram;

/** A new program (null row) or the one being edited. */
export type ProgramTarget = { row: ProgramRow | null };

export function ProgramDialog({ target, onHide }: { target: ProgramTarget | null; onHide: () => void }) {
  const formId = useId();
  return (
    <AdminFormDialog title={target?.row ? t.editTitle : t.newTitle} visible={target !== null} onHide={onHide} formId={formId} width="34rem">
      {target && <ProgramForm key={target.row?.id ?? 'new'} row={target.row} formId={formId} onDone={onHide} />}
    </AdminFormDialog>
  );
}

/** The field a server message is about. */
const messageField = (message: string) => (/아이디/.test(message) ? 'id' : /주소/.test(message) ? 'url' : /이름/.test(message) ? 'name' : null);

function ProgramForm({ row, formId, onDone }: { row: ProgramRow | null; formId: string; onDone: () => void }) {
  const base = useId();
  const [values, setValues] = useState({ id: row?.id ?? '', name: row?.name ?? '', url: row?.url ?? '' });
  const save = useProgramSave();
  const ids = { id: `${base}-id`, name: `${base}-name`, url: `${base}-url` };
  const fe = useFieldErrors(ids);
  const set = (field: keyof typeof values) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    fe.clear(field);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = fe.check(ProgramSave, { ...values, create: row === null });
    if (!parsed) return;
    save.mutate(parsed, {
      onSuccess: () => {
        toast.success(koAdmin.saved);
        onDone();
      },
      onError: (error) => fe.failFromServer(error, messageField),
    });
  };

  return (
    <form id={formId} className="program-form" onSubmit={submit} noValidate>
      <Field id={ids.id} label={t.id} hint={t.idHint} error={fe.error('id')}>
        <InputText id={ids.id} value={values.id} maxLength={40} readOnly={row !== null} autoCapitalize="off" spellCheck={false} onChange={set('id')} {...fe.aria('id', `${ids.id}-hint`)} />
      </Field>
      <Field id={ids.name} label={t.name} hint={t.nameHint} error={fe.error('name')}>
        <InputText id={ids.name} value={values.name} maxLength={40} onChange={set('name')} {...fe.aria('name', `${ids.name}-hint`)} />
      </Field>
      <Field id={ids.url} label={t.url} hint={t.urlHint} error={fe.error('url')}>
        <InputText id={ids.url} value={values.url} maxLength={300} inputMode="url" autoCapitalize="off" spellCheck={false} onChange={set('url')} {...fe.aria('url', `${ids.url}-hint`)} />
      </Field>
    </form>
  );
}
