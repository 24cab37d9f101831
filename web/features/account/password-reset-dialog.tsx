// Password reset (docs/product/members.md#password-reset): 400px, three steps and a result. 1: userId and email ->
// the security question; 2: the answer; 3: the new password twice; 4: done, with a login button.
// Each step checks its own schema first (first failure as an info toast); the server's refusals
// come back as toasts through the call helper. Closing forgets everything and starts at step 1.
import { Button } from 'primereact/button';
import { AppDialog } from '../../ui/app-dialog';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { ResetStep1, ResetStep2, ResetStep3, type ResetForm } from '../../../common/api/account';
import { closeAccountDialog, useAccountDialog } from '../../shared/account-dialog-store';
import { loginPopup } from '../../shared/login-popup-store';
import { NewPasswordFields } from '../../ui/new-password-fields';
import { useResetStep1 } from './api/reset-step1';
import { useResetStep2 } from './api/reset-step2';
import { useResetStep3 } from './api/reset-step3';
import './account.css';
import { Field } from '../../ui/field';
import { useFieldErrors } from '../../ui/use-field-errors';
import { koReset } from './texts';
import { ResetByMail, ResetByMailSwitch } from './reset-by-mail';

type Step = 1 | 2 | 3 | 4;
type Values = Required<ResetForm>;

const EMPTY: Values = { userId: '', email: '', question: '', answer: '', password: '', rePassword: '' };

function StepList({ step }: { step: Step }) {
  return (
    <ol className="reset-steps" aria-label={koReset.stepsLabel}>
      {koReset.steps.map((label, i) => {
        const n = i + 1;
        const state = n < step ? 'done' : n === step ? 'current' : 'todo';
        return (
          <li key={label} className={`reset-step is-${state}`} aria-current={n === step ? 'step' : undefined}>
            <span className="reset-step-no" aria-hidden="true">
              {n < step ? <i className="pi pi-check" /> : n}
            </span>
            <span className="reset-step-label">{label}</span>
          </li>
        );
      })}
    </ol>
  );
}

function Facts({ items }: { items: Array<[string, string]> }) {
  return (
    <dl className="reset-facts">
      {items.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function PasswordResetDialog() {
  const open = useAccountDialog() === 'reset';
  const [step, setStep] = useState<Step>(1);
  const [v, setV] = useState<Values>(EMPTY);
  const [wasOpen, setWasOpen] = useState(open);
  // The second way: a link to the verified address (only offered when the site sends mail).
  const [byMail, setByMail] = useState(false);
  const step1 = useResetStep1();
  const step2 = useResetStep2();
  const step3 = useResetStep3();
  const fe = useFieldErrors({ userId: 'reset-userId', email: 'reset-email', answer: 'reset-answer', password: 'reset-password', rePassword: 'reset-rePassword' });

  // docs/product/members.md#password-reset: closing clears all fields and returns to step 1.
  if (wasOpen !== open) {
    setWasOpen(open);
    if (!open) {
      setByMail(false);
      setStep(1);
      setV(EMPTY);
      fe.reset();
    }
  }

  const set = (k: keyof Values) => (e: { target: { value: string } }) => {
    setV((s) => ({ ...s, [k]: e.target.value }));
    if (k !== 'question') fe.clear(k);
  };
  const restart = () => {
    setV((s) => ({ ...EMPTY, userId: s.userId, email: s.email }));
    setStep(1);
    fe.reset();
  };

  const submit1 = (e: FormEvent) => {
    e.preventDefault();
    if (step1.isPending) return;
    const data = fe.check(ResetStep1, v);
    if (!data) return;
    step1.mutate(data, {
      onSuccess: ({ question }) => {
        setV((s) => ({ ...s, question, answer: '' }));
        setStep(2);
      },
    });
  };

  const submit2 = (e: FormEvent) => {
    e.preventDefault();
    if (step2.isPending) return;
    const data = fe.check(ResetStep2, v);
    if (!data) return;
    step2.mutate(data, { onSuccess: () => setStep(3) });
  };

  const submit3 = (e: FormEvent) => {
    e.preventDefault();
    if (step3.isPending) return;
    const data = fe.check(ResetStep3, v);
    if (!data) return;
    step3.mutate(data, {
      onSuccess: () => {
        setV((s) => ({ ...EMPTY, userId: s.userId }));
        setStep(4);
      },
    });
  };

  const restartButton = <Button type="button" label={koReset.restart} icon="pi pi-replay" text severity="secondary" onClick={restart} />;

  return (
    <AppDialog header={koReset.title} visible={open} onHide={closeAccountDialog} style={{ width: '400px', maxWidth: '90%' }} modal draggable={false} className="reset-dialog">
      {byMail && <ResetByMail initial={{ userId: v.userId, email: v.email }} onBack={() => setByMail(false)} />}
      {!byMail && <StepList step={step} />}
      {!byMail && (
        <p className="visually-hidden" aria-live="polite">
          {koReset.stepNow(step, 4)}: {koReset.steps[step - 1]}
        </p>
      )}
      {!byMail && step === 1 && (
        <form onSubmit={submit1} noValidate>
          <p className="account-intro">{koReset.intro1}</p>
          <Field id="reset-userId" label={koReset.userId} error={fe.error('userId')}>
            <InputText id="reset-userId" name="userId" autoComplete="username" autoFocus value={v.userId} onChange={set('userId')} {...fe.aria('userId')} />
          </Field>
          <Field id="reset-email" label={koReset.email} error={fe.error('email')}>
            <InputText id="reset-email" name="email" type="email" autoComplete="email" value={v.email} onChange={set('email')} {...fe.aria('email')} />
          </Field>
          <Button type="submit" label={koReset.step1Submit} icon="pi pi-search" loading={step1.isPending} className="w-full" />
          <ResetByMailSwitch onClick={() => setByMail(true)} />
        </form>
      )}
      {step === 2 && (
        <form onSubmit={submit2} noValidate>
          <p className="account-intro">{koReset.intro2}</p>
          <Facts
            items={[
              [koReset.userId, v.userId],
              [koReset.email, v.email],
              [koReset.question, v.question],
            ]}
          />
          <Field id="reset-answer" label={koReset.answer} error={fe.error('answer')}>
            <InputText id="reset-answer" name="answer" autoComplete="off" autoFocus value={v.answer} onChange={set('answer')} {...fe.aria('answer')} />
          </Field>
          <div className="dialog-actions">
            {restartButton}
            <Button type="submit" label={koReset.step2Submit} icon="pi pi-arrow-right" iconPos="right" loading={step2.isPending} />
          </div>
        </form>
      )}
      {step === 3 && (
        <form onSubmit={submit3} noValidate>
          <p className="account-intro">{koReset.intro3}</p>
          <Facts items={[[koReset.userId, v.userId]]} />
          <NewPasswordFields idPrefix="reset" labels={{ password: koReset.password, rePassword: koReset.rePassword, hint: koReset.passwordHint }} values={v} onChange={set} fe={fe} autoFocus />
          <div className="dialog-actions">
            {restartButton}
            <Button type="submit" label={koReset.step3Submit} icon="pi pi-key" loading={step3.isPending} />
          </div>
        </form>
      )}
      {step === 4 && (
        <div className="reset-done" role="status">
          <i className="pi pi-check-circle" aria-hidden="true" />
          <p className="reset-done-title">{koReset.done}</p>
          <p>{koReset.doneHint}</p>
          <Button
            type="button"
            label={koReset.login}
            icon="pi pi-sign-in"
            autoFocus
            className="w-full"
            onClick={() => {
              closeAccountDialog();
              loginPopup.open();
            }}
          />
        </div>
      )}
    </AppDialog>
  );
}
