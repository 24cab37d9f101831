// My info, first step: the login password again (SPEC §2, §4). A wrong password gets the
// server's message as a toast and nothing else.
import { Button } from 'primereact/button';
import { Password } from 'primereact/password';
import { useState, type FormEvent } from 'react';
import { PasswordForm, type Profile } from '../../../common/api/account';
import { ko } from '../../i18n/ko';
import { FieldError } from '../../ui/field';
import { useFieldErrors } from '../../ui/use-field-errors';
import { useMyInfo } from './api/my-info';

export function PasswordPrompt({ onProfile }: { onProfile: (profile: Profile) => void }) {
  const [password, setPassword] = useState('');
  const fe = useFieldErrors({ password: 'my-info-password' });
  const myInfo = useMyInfo();

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

  return (
    <form onSubmit={submit} noValidate className="account-prompt">
      <p className="account-intro">
        <i className="pi pi-lock" aria-hidden="true" /> {ko.account.promptIntro}
      </p>
      <div className="field">
        <label htmlFor="my-info-password">{ko.account.password}</label>
        <Password
          inputId="my-info-password"
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
          {...fe.aria('password')}
        />
        <FieldError id="my-info-password" message={fe.error('password')} />
      </div>
      <Button type="submit" label={ko.account.open} icon="pi pi-check" loading={myInfo.isPending} className="w-full" />
    </form>
  );
}
