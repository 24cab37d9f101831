// My info, second step: the profile (docs/product/members.md#my-info). userId, level and join date are read-only;
// nickname, email, question and answer are edited; a new password only when one is typed.
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { UpdateForm, type Profile } from '../../../common/api/account';
import { formatNumber } from '../../../common/format';
import { closeAccountDialog } from '../../shared/account-dialog-store';
import { LiteButton } from '../../ui/lite-button';
import { FieldError } from '../../ui/field';
import { StrengthMeter } from '../../ui/strength-meter';
import { toast } from '../../ui/toast-store';
import { useFieldErrors } from '../../ui/use-field-errors';
import type { useUpdate } from './api/update';
import { koAccount } from './texts';
import { niceCheckPath } from '../../shared/paths';
import { EmailStatus } from './email-status';

export const PROFILE_FORM_ID = 'my-info-form';

type Values = Pick<Profile, 'nickName' | 'email' | 'question' | 'answer'> & { password: string; rePassword: string };

const valuesOf = (p: Profile): Values => ({
  nickName: p.nickName,
  email: p.email,
  question: p.question,
  answer: p.answer,
  password: '',
  rePassword: '',
});

function RealName({ real }: { real: boolean }) {
  const navigate = useNavigate();
  if (real) {
    return (
      <span className="real-badge real-done">
        <i className="pi pi-verified" aria-hidden="true" /> {koAccount.realVerified}
      </span>
    );
  }
  return (
    <LiteButton
      small
      outlined
      icon="pi pi-id-card"
      label={koAccount.realUnverified}
      className="p-button-danger real-button"
      onClick={() => {
        closeAccountDialog();
        navigate(niceCheckPath);
      }}
    />
  );
}

/** The save button sits in the dialog footer (form={PROFILE_FORM_ID}), so Enter in a field saves. */
export function ProfileForm({ profile, update, onSaved }: { profile: Profile; update: ReturnType<typeof useUpdate>; onSaved: (p: Profile) => void }) {
  const [v, setV] = useState<Values>(() => valuesOf(profile));
  const fe = useFieldErrors({
    nickName: 'my-info-nickName',
    email: 'my-info-email',
    question: 'my-info-question',
    answer: 'my-info-answer',
    password: 'my-info-new-password',
    rePassword: 'my-info-rePassword',
  });
  const set = (k: keyof Values) => (e: { target: { value: string } }) => {
    setV((s) => ({ ...s, [k]: e.target.value }));
    fe.clear(k);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (update.isPending) return;
    const form = fe.check(UpdateForm, v);
    if (!form) return;
    update.mutate(form, {
      onSuccess: () => {
        toast.success(koAccount.saved);
        // A new address is no longer verified (its link is on the way).
        const emailVerified = profile.emailVerified && form.email === profile.email;
        const next = { ...profile, nickName: form.nickName, email: form.email, emailVerified, question: form.question, answer: form.answer };
        setV(valuesOf(next));
        onSaved(next);
      },
    });
  };

  return (
    <form id={PROFILE_FORM_ID} onSubmit={submit} noValidate className="profile-form">
      <dl className="profile-facts">
        <dt>{koAccount.userId}</dt>
        <dd>{profile.userId}</dd>
        <dt>{koAccount.level}</dt>
        <dd>{koAccount.levelWithPoints(profile.levelName, formatNumber(profile.points))}</dd>
        <dt>{koAccount.joinDate}</dt>
        <dd>{profile.joinDate}</dd>
        <dt>{koAccount.realName}</dt>
        <dd>
          <RealName real={profile.real} />
        </dd>
      </dl>
      <div className="field">
        <label htmlFor="my-info-nickName">{koAccount.nickName}</label>
        <InputText id="my-info-nickName" name="nickName" autoComplete="nickname" value={v.nickName} onChange={set('nickName')} {...fe.aria('nickName')} />
        <FieldError id="my-info-nickName" message={fe.error('nickName')} />
      </div>
      <div className="field">
        <label htmlFor="my-info-email">{koAccount.email}</label>
        <InputText id="my-info-email" name="email" type="email" autoComplete="email" value={v.email} onChange={set('email')} {...fe.aria('email')} />
        <FieldError id="my-info-email" message={fe.error('email')} />
        <EmailStatus profile={profile} editedEmail={v.email} />
      </div>
      <div className="field">
        <label htmlFor="my-info-question">{koAccount.question}</label>
        <InputText id="my-info-question" name="question" value={v.question} onChange={set('question')} {...fe.aria('question')} />
        <FieldError id="my-info-question" message={fe.error('question')} />
      </div>
      <div className="field">
        <label htmlFor="my-info-answer">{koAccount.answer}</label>
        <InputText id="my-info-answer" name="answer" autoComplete="off" value={v.answer} onChange={set('answer')} {...fe.aria('answer')} />
        <FieldError id="my-info-answer" message={fe.error('answer')} />
      </div>
      <fieldset className="password-change">
        <legend>{koAccount.changePassword}</legend>
        <p className="field-hint">{koAccount.changePasswordHint}</p>
        <div className="field">
          <label htmlFor="my-info-new-password">{koAccount.newPassword}</label>
          <Password
            inputId="my-info-new-password"
            name="password"
            autoComplete="new-password"
            value={v.password}
            onChange={set('password')}
            feedback={false}
            toggleMask
            {...fe.aria('password', 'my-info-new-password-hint', v.password !== '' && 'my-info-new-password-strength')}
          />
          <FieldError id="my-info-new-password" message={fe.error('password')} />
          <small id="my-info-new-password-hint" className="field-hint">
            {koAccount.newPasswordHint}
          </small>
          {v.password !== '' && <StrengthMeter value={v.password} id="my-info-new-password-strength" />}
        </div>
        <div className="field">
          <label htmlFor="my-info-rePassword">{koAccount.rePassword}</label>
          <Password
            inputId="my-info-rePassword"
            name="rePassword"
            autoComplete="new-password"
            value={v.rePassword}
            onChange={set('rePassword')}
            feedback={false}
            toggleMask
            {...fe.aria('rePassword')}
          />
          <FieldError id="my-info-rePassword" message={fe.error('rePassword')} />
        </div>
      </fieldset>
    </form>
  );
}
