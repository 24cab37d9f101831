// Withdrawal (SPEC §2, §4): what goes and what stays, the password again, a confirmation, then
// the account is deleted, the member logged out, the dialogs closed and the home page shown.
import { Button } from 'primereact/button';
import { AppDialog } from '../../ui/app-dialog';
import { Password } from 'primereact/password';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { PasswordForm, WITHDRAWAL_TERMS } from '../../../common/api/account';
import { closeAccountDialog } from '../../app/account-dialog-store';
import { logout } from '../../app/session-actions';
import { ko } from '../../i18n/ko';
import { confirm } from '../../ui/confirm';
import { FieldError } from '../../ui/field';
import { toast } from '../../ui/toast-store';
import { useFieldErrors } from '../../ui/use-field-errors';
import { useWithdraw } from './api/withdraw';

function WithdrawalForm({ onCancel }: { onCancel: () => void }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const fe = useFieldErrors({ password: 'withdrawal-password' });
  const withdraw = useWithdraw();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (withdraw.isPending) return;
    const parsed = fe.check(PasswordForm, { password });
    if (!parsed) return;
    confirm({
      header: ko.withdraw.title,
      message: ko.withdraw.confirm,
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: ko.withdraw.submit,
      rejectLabel: ko.withdraw.cancel,
      // A step that cannot be undone: Enter on the confirmation must not take it.
      defaultFocus: 'reject',
      accept: () =>
        withdraw.mutate(parsed, {
          onSuccess: async () => {
            toast.success(ko.withdraw.done);
            await logout();
            closeAccountDialog();
            navigate('/');
          },
        }),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="withdrawal-form">
      <p className="account-intro">{ko.withdraw.intro}</p>
      <section className="withdrawal-terms">
        <h3>
          <i className="pi pi-trash" aria-hidden="true" /> {ko.withdraw.deleted}
        </h3>
        <ul>
          {WITHDRAWAL_TERMS.deleted.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
        <h3>
          <i className="pi pi-lock" aria-hidden="true" /> {ko.withdraw.kept}
        </h3>
        <ul>
          {WITHDRAWAL_TERMS.kept.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
        <p className="withdrawal-warning">
          <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {WITHDRAWAL_TERMS.mustDeleteFirst}
        </p>
      </section>
      <div className="field">
        <label htmlFor="withdrawal-password">{ko.withdraw.password}</label>
        <Password
          inputId="withdrawal-password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            fe.clear('password');
          }}
          feedback={false}
          toggleMask
          autoFocus
          {...fe.aria('password', 'withdrawal-password-hint')}
        />
        <FieldError id="withdrawal-password" message={fe.error('password')} />
        <small id="withdrawal-password-hint" className="field-hint">
          {ko.withdraw.passwordHint}
        </small>
      </div>
      <div className="dialog-actions">
        <Button type="button" label={ko.withdraw.cancel} outlined severity="secondary" onClick={onCancel} />
        <Button type="submit" label={ko.withdraw.submit} icon="pi pi-user-minus" severity="danger" loading={withdraw.isPending} />
      </div>
    </form>
  );
}

export function WithdrawalDialog({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  return (
    <AppDialog header={ko.withdraw.title} visible={visible} onHide={onHide} style={{ width: '400px', maxWidth: '90%' }} modal draggable={false} className="withdrawal-dialog">
      <WithdrawalForm onCancel={onHide} />
    </AppDialog>
  );
}
