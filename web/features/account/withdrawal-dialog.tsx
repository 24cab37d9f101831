// Withdrawal (docs/product/members.md#withdrawal, decision 32): what goes, what stays, what becomes of market trades and
// what holds it now, the password again, a confirmation, then the account is deleted, the member
// logged out, the dialogs closed and the home page shown. A member without a password (joined with
// Kakao or Naver alone) passes the re-check instead: a linked provider's round trip (which comes
// back to this step) or a passkey, then the same confirmation.
import { Button } from 'primereact/button';
import { AppDialog } from '../../ui/app-dialog';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/call';
import { useNavigate } from 'react-router';
import { PasswordForm, WITHDRAWAL_TERMS } from '../../../common/api/account';
import { closeAccountDialog } from '../../shared/account-dialog-store';
import { logout } from '../../shared/session-actions';
import { useSessionUser } from '../../shared/session-store';
import { confirm } from '../../ui/confirm';
import { CurrentPasswordField } from './current-password-field';
import { toast } from '../../ui/toast-store';
import { useFieldErrors } from '../../ui/use-field-errors';
import { useRecheckWays } from './api/recheck';
import { useWithdraw } from './api/withdraw';
import { RecheckWayButtons } from './recheck-ways';
import { rememberWithdrawalRecheck } from './withdrawal-return';
import { WithdrawalCheckNow } from './withdrawal-check';
import { koWithdraw } from './texts';

function WithdrawalForm({ onCancel, rechecked }: { onCancel: () => void; rechecked: boolean }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const fe = useFieldErrors({ password: 'withdrawal-password' });
  const withdraw = useWithdraw();
  const ways = useRecheckWays(useSessionUser().logined);
  // Until the ways are known the password field shows, as most members have one.
  const hasPassword = ways.data?.password ?? true;
  const others = ways.data && (ways.data.providers.length > 0 || ways.data.passkey);
  /** A member without a password has passed the re-check in this dialog (or came back from it). */
  const [checked, setChecked] = useState(rechecked);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (withdraw.isPending) return;
    if (!hasPassword && !checked) return;
    const parsed = hasPassword ? fe.check(PasswordForm, { password }) : {};
    if (!parsed) return;
    confirm({
      header: koWithdraw.title,
      message: koWithdraw.confirm,
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: koWithdraw.submit,
      rejectLabel: koWithdraw.cancel,
      // A step that cannot be undone: Enter on the confirmation must not take it.
      defaultFocus: 'reject',
      accept: () =>
        withdraw.mutate(parsed, {
          onSuccess: async () => {
            toast.success(koWithdraw.done);
            await logout();
            closeAccountDialog();
            navigate('/');
          },
          // The re-check's 15 minutes ran out: its ways again (the server's words were shown).
          onError: (err) => {
            if (!hasPassword && err instanceof ApiError && err.status === 403) setChecked(false);
          },
        }),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="withdrawal-form">
      <p className="account-intro">{koWithdraw.intro}</p>
      <WithdrawalCheckNow />
      <section className="withdrawal-terms">
        <h3>
          <i className="pi pi-trash" aria-hidden="true" /> {koWithdraw.deleted}
        </h3>
        <ul>
          {WITHDRAWAL_TERMS.deleted.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
        <h3>
          <i className="pi pi-lock" aria-hidden="true" /> {koWithdraw.kept}
        </h3>
        <ul>
          {WITHDRAWAL_TERMS.kept.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
        <h3>
          <i className="pi pi-shopping-cart" aria-hidden="true" /> {koWithdraw.trades}
        </h3>
        <ul>
          {WITHDRAWAL_TERMS.trades.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
        <p className="withdrawal-warning">
          <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {WITHDRAWAL_TERMS.mustDeleteFirst}
        </p>
      </section>
      {hasPassword ? (
        <CurrentPasswordField
          id="withdrawal-password"
          label={koWithdraw.password}
          value={password}
          onChange={(value) => {
            setPassword(value);
            fe.clear('password');
          }}
          error={fe.error('password')}
          hint={koWithdraw.passwordHint}
          aria={fe.aria('password', 'withdrawal-password-hint')}
        />
      ) : checked ? (
        <p className="notice withdrawal-rechecked" role="status">
          <i className="pi pi-check-circle" aria-hidden="true" /> {koWithdraw.rechecked}
        </p>
      ) : (
        <div className="withdrawal-recheck">
          <p className="account-intro">
            <i className="pi pi-lock" aria-hidden="true" /> {koWithdraw.recheckIntro}
          </p>
          {others ? (
            <RecheckWayButtons
              providers={ways.data?.providers ?? []}
              passkey={ways.data?.passkey ?? false}
              afterPasskey={() => setChecked(true)}
              onLeave={rememberWithdrawalRecheck}
            />
          ) : (
            <p className="notice">{koWithdraw.recheckNone}</p>
          )}
        </div>
      )}
      <div className="dialog-actions">
        <Button type="button" label={koWithdraw.cancel} outlined severity="secondary" onClick={onCancel} />
        {(hasPassword || checked) && (
          <Button type="submit" label={koWithdraw.submit} icon="pi pi-user-minus" severity="danger" loading={withdraw.isPending} autoFocus={!hasPassword} />
        )}
      </div>
    </form>
  );
}

export function WithdrawalDialog({ visible, onHide, rechecked = false }: { visible: boolean; onHide: () => void; rechecked?: boolean }) {
  return (
    <AppDialog header={koWithdraw.title} visible={visible} onHide={onHide} style={{ width: '400px', maxWidth: '90%' }} modal draggable={false} className="withdrawal-dialog">
      <WithdrawalForm onCancel={onHide} rechecked={rechecked} />
    </AppDialog>
  );
}
