// joinPage (/user/join): sign-up with early availability checks, the shared JoinForm rules
// (first failure as an info toast) and the server's answer on the info page.
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { JoinForm } from '../../../common/api/session';
import { firstIssue } from '../../../common/validation';
import { ko } from '../../i18n/ko';
import { useDocumentTitle } from '../../ui/document-title';
import { toast } from '../../ui/toast-store';
import { useCheck, type CheckField } from './api/check';
import { useJoin } from './api/join';
import { StrengthMeter } from '../../ui/strength-meter';
import { Field } from '../../ui/field';

type Values = {
  userId: string;
  password: string;
  rePassword: string;
  nickName: string;
  email: string;
  question: string;
  answer: string;
};

const EMPTY: Values = { userId: '', password: '', rePassword: '', nickName: '', email: '', question: '', answer: '' };

function Availability({ field, value, id }: { field: CheckField; value: string; id: string }) {
  const { data, isFetching } = useCheck(field, value);
  if (value === '') return null;
  if (isFetching) return <small id={id} className="field-check-result">{ko.join.checking}</small>;
  if (!data) return null;
  return (
    <small id={id} className={data.available ? 'field-check-result ok' : 'field-check-result taken'} aria-live="polite">
      <i className={data.available ? 'pi pi-check' : 'pi pi-times'} aria-hidden="true" />{' '}
      {data.available ? ko.join.available : ko.join.taken}
      {!data.available && data.message ? ` · ${data.message}` : ''}
    </small>
  );
}

export default function JoinPage() {
  useDocumentTitle(ko.pages.joinPage);
  const navigate = useNavigate();
  const join = useJoin();
  const [v, setV] = useState<Values>(EMPTY);
  const [agree, setAgree] = useState(false);
  // Values whose availability is asked once the member leaves the field.
  const [checked, setChecked] = useState<Record<CheckField, string>>({ userId: '', nickName: '', email: '' });

  const set = (k: keyof Values) => (e: { target: { value: string } }) => setV((s) => ({ ...s, [k]: e.target.value }));
  const check = (field: CheckField) => () => setChecked((c) => ({ ...c, [field]: v[field].trim() }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (join.isPending) return;
    const parsed = JoinForm.safeParse({ ...v, agree: agree ? 'Y' : '' });
    if (!parsed.success) {
      toast.info(firstIssue(parsed.error));
      return;
    }
    join.mutate(parsed.data, {
      onSuccess: (result) => {
        toast.success(ko.join.done);
        navigate(`/info/${encodeURIComponent(result.message || ko.join.done)}`);
      },
    });
  };

  const describedBy = (id: string, extra = true) => [`${id}-hint`, extra ? `${id}-check` : ''].filter(Boolean).join(' ');

  return (
    <section className="join-page">
      <h1>{ko.join.title}</h1>
      <p className="lead">{ko.join.intro}</p>
      <form onSubmit={submit} noValidate className="form-card">
        <Field id="join-userId" label={ko.join.userId} hint={ko.join.userIdHint} after={<Availability field="userId" value={checked.userId} id="join-userId-check" />}>
          <InputText
            id="join-userId"
            name="userId"
            autoComplete="username"
            value={v.userId}
            onChange={set('userId')}
            onBlur={check('userId')}
            aria-describedby={describedBy('join-userId')}
          />
        </Field>
        <Field id="join-password" label={ko.join.password} hint={ko.join.passwordHint} after={<StrengthMeter value={v.password} id="join-password-strength" />}>
          <Password
            inputId="join-password"
            name="password"
            autoComplete="new-password"
            value={v.password}
            onChange={set('password')}
            feedback={false}
            toggleMask
            aria-describedby="join-password-hint join-password-strength"
          />
        </Field>
        <Field id="join-rePassword" label={ko.join.rePassword}>
          <Password
            inputId="join-rePassword"
            name="rePassword"
            autoComplete="new-password"
            value={v.rePassword}
            onChange={set('rePassword')}
            feedback={false}
            toggleMask
          />
        </Field>
        <Field id="join-nickName" label={ko.join.nickName} hint={ko.join.nickNameHint} after={<Availability field="nickName" value={checked.nickName} id="join-nickName-check" />}>
          <InputText
            id="join-nickName"
            name="nickName"
            autoComplete="nickname"
            value={v.nickName}
            onChange={set('nickName')}
            onBlur={check('nickName')}
            aria-describedby={describedBy('join-nickName')}
          />
        </Field>
        <Field id="join-email" label={ko.join.email} after={<Availability field="email" value={checked.email} id="join-email-check" />}>
          <InputText
            id="join-email"
            name="email"
            type="email"
            autoComplete="email"
            value={v.email}
            onChange={set('email')}
            onBlur={check('email')}
            aria-describedby="join-email-check"
          />
        </Field>
        <Field id="join-question" label={ko.join.question} hint={ko.join.questionHint}>
          <InputText id="join-question" name="question" value={v.question} onChange={set('question')} aria-describedby="join-question-hint" />
        </Field>
        <Field id="join-answer" label={ko.join.answer}>
          <InputText id="join-answer" name="answer" autoComplete="off" value={v.answer} onChange={set('answer')} />
        </Field>
        <fieldset className="terms">
          <legend>{ko.join.terms}</legend>
          <p className="terms-text">{ko.join.termsText}</p>
          <p>
            <Link to="/board/site/view/8" target="_blank">
              {ko.join.termsLink}
            </Link>
          </p>
          <div className="field-check">
            <Checkbox inputId="join-agree" name="agree" value="Y" checked={agree} onChange={(e) => setAgree(!!e.checked)} />
            <label htmlFor="join-agree">{ko.join.agree}</label>
          </div>
        </fieldset>
        <Button type="submit" label={ko.join.submit} icon="pi pi-user-plus" loading={join.isPending} className="w-full" />
      </form>
    </section>
  );
}
