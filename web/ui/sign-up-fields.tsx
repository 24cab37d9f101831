// The nickname and the terms agreement of a new member, as the join page and the Kakao/Naver
// completion step ask for them (docs/product/sign-in.md#kakao-and-naver): one copy, so both
// pages change together. Each page keeps its own values, checker (useFieldErrors) and words for
// the hint and the terms summary.
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { koSignUp } from '../i18n/ko-sign-up';
import { boardViewPath } from '../shared/paths';
import { Field, FieldError } from './field';

/** The marks of one field from the form's useFieldErrors. */
type Marks<F extends string> = {
  error: (field: F) => string | undefined;
  aria: (field: F, ...hints: Array<string | false | undefined>) => object;
};

/** The full terms: a post on the site board (SPEC's TERMS AND CONDITIONS link). */
const TERMS_POST = boardViewPath('site', 8);

export function NickNameField({
  idPrefix,
  hint,
  value,
  onChange,
  onBlur,
  check,
  fe,
}: {
  /** The input's id is `${idPrefix}-nickName`, its hint's `${idPrefix}-nickName-hint`. */
  idPrefix: string;
  hint: string;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  onBlur?: () => void;
  /** An availability check shown under the field; its element's id is `${idPrefix}-nickName-check`. */
  check?: ReactNode;
  fe: Marks<'nickName'>;
}) {
  const id = `${idPrefix}-nickName`;
  return (
    <Field id={id} label={koSignUp.nickName} hint={hint} error={fe.error('nickName')} after={check}>
      <InputText
        id={id}
        name="nickName"
        autoComplete="nickname"
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        {...fe.aria('nickName', `${id}-hint`, check !== undefined && `${id}-check`)}
      />
    </Field>
  );
}

export function TermsAgreement({
  idPrefix,
  text,
  agree,
  onChange,
  fe,
}: {
  /** The checkbox's id is `${idPrefix}-agree`. */
  idPrefix: string;
  /** The terms' summary above the link to the full text. */
  text: string;
  agree: boolean;
  onChange: (agree: boolean) => void;
  fe: Marks<'agree'>;
}) {
  const id = `${idPrefix}-agree`;
  return (
    <fieldset className="terms">
      <legend>{koSignUp.terms}</legend>
      <p className="terms-text">{text}</p>
      <p>
        <Link to={TERMS_POST} target="_blank">
          {koSignUp.termsLink}
        </Link>
      </p>
      <div className="field-check">
        <Checkbox inputId={id} name="agree" value="Y" checked={agree} onChange={(e) => onChange(!!e.checked)} {...fe.aria('agree')} />
        <label htmlFor={id}>{koSignUp.agree}</label>
      </div>
      <FieldError id={id} message={fe.error('agree')} />
    </fieldset>
  );
}
