// A new password and its confirmation, as sign-up, the password reset and the administrator's
// setup link ask for them: the hint and the strength meter under the first (the setup link shows
// neither), each field marked by the form's useFieldErrors.
import { Password } from 'primereact/password';
import { Field } from './field';
import { StrengthMeter } from './strength-meter';

type PasswordField = 'password' | 'rePassword';

interface Props {
  /** Ids are `${idPrefix}-password`, `${idPrefix}-rePassword`, and `-hint`/`-strength` after the first. */
  idPrefix: string;
  /** Without a hint none is shown. */
  labels: { password: string; rePassword: string; hint?: string };
  values: Record<PasswordField, string>;
  onChange: (field: PasswordField) => (e: { target: { value: string } }) => void;
  fe: {
    error: (field: PasswordField) => string | undefined;
    aria: (field: PasswordField, ...hints: Array<string | false | undefined>) => object;
  };
  autoFocus?: boolean;
  /** The strength meter under the first field; on unless false. */
  meter?: boolean;
}

export function NewPasswordFields({ idPrefix, labels, values, onChange, fe, autoFocus, meter = true }: Props) {
  const id = `${idPrefix}-password`;
  const reId = `${idPrefix}-rePassword`;
  return (
    <>
      <Field id={id} label={labels.password} hint={labels.hint} error={fe.error('password')} after={meter && <StrengthMeter value={values.password} id={`${id}-strength`} />}>
        <Password
          inputId={id}
          name="password"
          autoComplete="new-password"
          value={values.password}
          onChange={onChange('password')}
          feedback={false}
          toggleMask
          autoFocus={autoFocus}
          {...fe.aria('password', labels.hint !== undefined && `${id}-hint`, meter && `${id}-strength`)}
        />
      </Field>
      <Field id={reId} label={labels.rePassword} error={fe.error('rePassword')}>
        <Password
          inputId={reId}
          name="rePassword"
          autoComplete="new-password"
          value={values.rePassword}
          onChange={onChange('rePassword')}
          feedback={false}
          toggleMask
          {...fe.aria('rePassword')}
        />
      </Field>
    </>
  );
}
