// My info, first step: the member proves it is them again (docs/product/members.md#my-info): the
// login password, or, for a member who joined with Kakao or Naver alone, a fresh round trip through
// that provider or one of their passkeys (docs/product/sign-in.md#re-check-without-a-password).
// A wrong password gets the server's message as a toast and nothing else.
import { Button } from 'primereact/button';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { PasswordForm, type Profile } from '../../../common/api/account';
import { isRechecked } from '../../shared/account-dialog-store';
import { useSessionUser } from '../../shared/session-store';
import { CurrentPasswordField } from './current-password-field';
import { toast } from '../../ui/toast-store';
import { useFieldErrors } from '../../ui/use-field-errors';
import { useMyInfo } from './api/my-info';
import { postRecheckedProfile, useRecheckWays } from './api/recheck';
import { RecheckWayButtons } from './recheck-ways';
import { forgetWithdrawalRecheck } from './withdrawal-return';
import { koAccount } from './texts';

export function PasswordPrompt({ onProfile }: { onProfile: (profile: Profile) => void }) {
  const [password, setPassword] = useState('');
  const fe = useFieldErrors({ password: 'my-info-password' });
  const myInfo = useMyInfo();
  const ways = useRecheckWays(useSessionUser().logined);
  const T = koAccount.recheck;

  // Back from a provider's round trip: the session is marked, so the profile comes without asking.
  // A mark that has expired meanwhile leaves the prompt as it is.
  useEffect(() => {
    if (!isRechecked()) return;
    let live = true;
    postRecheckedProfile(true)
      .then((profile) => {
        if (!live) return;
        toast.success(T.reopened);
        onProfile(profile);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [onProfile, T.reopened]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (myInfo.isPending) return;
    const parsed = fe.check(PasswordForm, { password });
    if (!parsed) return;
    myInfo.mutate(parsed, {
      onSuccess: (profile) => {
        setPassword('');
        onProfile(profile);
      },
    });
  };

  const afterPasskey = useCallback(async () => onProfile(await postRecheckedProfile()), [onProfile]);

  const w = ways.data;
  // Until the ways are known the password form shows, as most members have one.
  const hasPassword = w?.password ?? true;
  const others = w && (w.providers.length > 0 || w.passkey);

  return (
    <div className="account-prompt">
      {hasPassword ? (
        <form onSubmit={submit} noValidate>
          <p className="account-intro">
            <i className="pi pi-lock" aria-hidden="true" /> {koAccount.promptIntro}
          </p>
          <CurrentPasswordField
            id="my-info-password"
            label={koAccount.password}
            value={password}
            onChange={(value) => {
              setPassword(value);
              fe.clear('password');
            }}
            error={fe.error('password')}
            aria={fe.aria('password')}
          />
          <Button type="submit" label={koAccount.open} icon="pi pi-check" loading={myInfo.isPending} className="w-full" />
        </form>
      ) : (
        <p className="account-intro">
          <i className="pi pi-lock" aria-hidden="true" /> {T.introNoPassword}
        </p>
      )}
      {w && others && (
        <>
          {hasPassword && <p className="account-recheck-or">{T.or}</p>}
          <RecheckWayButtons providers={w.providers} passkey={w.passkey} afterPasskey={afterPasskey} onLeave={forgetWithdrawalRecheck} />
        </>
      )}
      {w && !hasPassword && !others && <p className="notice">{T.none}</p>}
    </div>
  );
}
