// The password reset's second way (docs/product/members.md#password-reset): a link to the
// account's verified address. The answer is the same whether or not the account matched, so
// the dialog only says to look in the mailbox.
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { ResetByMail as ResetByMailForm } from '../../../common/api/mail';
import { Field } from '../../ui/field';
import { LiteButton } from '../../ui/lite-button';
import { useFieldErrors } from '../../ui/use-field-errors';
import { useSite } from '../../shared/api/site';
import { useResetByMail } from './api/mail';
import { koMail } from './mail-texts';
import './mail.css';

/** The button under the security-question form that switches to this way (only when mail is on). */
export function ResetByMailSwitch({ onClick }: { onClick: () => void }) {
  const mail = useSite().data?.mail ?? false;
  if (!mail) return null;
  return (
    <div className="reset-other-way">
      <p>{koMail.byMailHint}</p>
      {/* A plain button: PrimeReact's would also carry its label as aria-label, and 이메일 fields nearby are found by label. */}
      <LiteButton label={koMail.byMail} icon="pi pi-envelope" outlined onClick={onClick} />
    </div>
  );
}

export function ResetByMail({ initial, onBack }: { initial: { userId: string; email: string }; onBack: () => void }) {
  const [v, setV] = useState(initial);
  const [sent, setSent] = useState<string | null>(null);
  const send = useResetByMail();
  const fe = useFieldErrors({ userId: 'reset-mail-userId', email: 'reset-mail-email' });
  const set = (k: 'userId' | 'email') => (e: { target: { value: string } }) => {
    setV((s) => ({ ...s, [k]: e.target.value }));
    fe.clear(k);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (send.isPending) return;
    const data = fe.check(ResetByMailForm, v);
    if (!data) return;
    send.mutate(data, { onSuccess: ({ message }) => setSent(message) });
  };
  const back = <Button type="button" label={koMail.byQuestion} icon="pi pi-question-circle" text severity="secondary" onClick={onBack} />;

  if (sent) {
    return (
      <div className="reset-done" role="status">
        <i className="pi pi-envelope" aria-hidden="true" />
        <p className="reset-done-title">{koMail.sentTitle}</p>
        <p>{sent}</p>
        <div className="dialog-actions">{back}</div>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-label={koMail.byMail}>
      <p className="account-intro">{koMail.byMailIntro}</p>
      <Field id="reset-mail-userId" label="아이디" error={fe.error('userId')}>
        <InputText id="reset-mail-userId" name="userId" autoComplete="username" autoFocus value={v.userId} onChange={set('userId')} {...fe.aria('userId')} />
      </Field>
      <Field id="reset-mail-email" label="이메일" error={fe.error('email')}>
        <InputText id="reset-mail-email" name="email" type="email" autoComplete="email" value={v.email} onChange={set('email')} {...fe.aria('email')} />
      </Field>
      <Button type="submit" label={koMail.byMailSubmit} icon="pi pi-send" loading={send.isPending} className="w-full" />
      <div className="dialog-actions">{back}</div>
    </form>
  );
}
