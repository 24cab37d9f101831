// The second step of a sign-in (/user/two-step, docs/product/sign-in.md#two-step-sign-in): after the
// password, the code from the authenticator app, or a recovery code. Cancelling signs the
// waiting sign-in out.
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { TotpCodeForm } from '../../../common/api/two-step';
import { useSessionInfo } from '../../shared/api/session-info';
import { logout, takeNewSession } from '../../shared/session-actions';
import { useDocumentTitle } from '../../ui/document-title';
import { FieldError } from '../../ui/field';
import { LiteButton } from '../../ui/lite-button';
import { toast } from '../../ui/toast-store';
import { useFieldErrors } from '../../ui/use-field-errors';
import { useVerify } from './api';
import { koTwoStep as k } from './texts';
import './two-step.css';

export default function SecondStepPage() {
  useDocumentTitle(k.stepTitle);
  const info = useSessionInfo();
  const navigate = useNavigate();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const fe = useFieldErrors({ code: 'two-step-code' });
  const verify = useVerify();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (verify.isPending) return;
    const parsed = fe.check(TotpCodeForm, { code });
    if (!parsed) return;
    verify.mutate(parsed.code, {
      onSuccess: async (res) => {
        setCode('');
        const user = await takeNewSession();
        if (res.recovery) toast.info(k.recoveryLeft(res.recoveryLeft));
        else toast.success(`${user.nickName || user.userId}님, 환영합니다.`);
        void navigate('/', { replace: true });
      },
      onError: () => setCode(''),
    });
  };

  if (info.data && info.data.secondStep !== 'pending' && !verify.isSuccess) {
    return (
      <section className="two-step-page">
        <h1>{k.stepTitle}</h1>
        <p className="notice">{k.noPending}</p>
      </section>
    );
  }

  return (
    <section className="two-step-page">
      <h1>{k.stepTitle}</h1>
      <form onSubmit={submit} noValidate className="two-step-form">
        <p>{recovery ? k.recoveryIntro : k.stepIntro}</p>
        <div className="field">
          <label htmlFor="two-step-code">{recovery ? k.recoveryCode : k.code}</label>
          <InputText
            id="two-step-code"
            key={recovery ? 'recovery' : 'app'}
            name="code"
            value={code}
            autoComplete={recovery ? 'off' : 'one-time-code'}
            inputMode={recovery ? 'text' : 'numeric'}
            autoCapitalize={recovery ? 'characters' : undefined}
            maxLength={recovery ? 20 : 6}
            autoFocus
            className="two-step-code"
            onChange={(e) => {
              setCode(e.target.value);
              fe.clear('code');
            }}
            {...fe.aria('code')}
          />
          <FieldError id="two-step-code" message={fe.error('code')} />
        </div>
        <Button type="submit" label={k.confirm} icon="pi pi-check" loading={verify.isPending} className="w-full" />
      </form>
      <div className="two-step-links">
        <LiteButton
          text
          label={recovery ? k.useApp : k.useRecovery}
          onClick={() => {
            setRecovery(!recovery);
            setCode('');
            fe.clear('code');
          }}
        />
        <LiteButton
          text
          label={k.cancel}
          onClick={async () => {
            await logout();
            void navigate('/', { replace: true });
          }}
        />
      </div>
    </section>
  );
}
