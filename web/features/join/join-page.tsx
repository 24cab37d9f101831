// joinPage (/user/join): sign-up with early availability checks, the shared JoinForm rules
// (first failure as an info toast); the new member is logged in and welcomed on the home page.
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { JoinForm } from '../../../common/api/session';
import { ko } from '../../i18n/ko';
import { useDocumentTitle } from '../../ui/document-title';
import { toast } from '../../ui/toast-store';
import { takeNewSession } from '../../shared/session-actions';
import { useCheck, type CheckField } from './api/check';
import { useJoin } from './api/join';
import { NewPasswordFields } from '../../ui/new-password-fields';
import { OAuthButtons } from '../../ui/oauth-buttons';
import { Field } from '../../ui/field';
import { NickNameField, TermsAgreement } from '../../ui/sign-up-fields';
import { useFieldErrors } from '../../ui/use-field-errors';
import { useSpamProof } from '../../ui/spam-proof';
import { koJoin } from './texts';

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
  if (isFetching) return <small id={id} className="field-check-result">{koJoin.checking}</small>;
  if (!data) return null;
  return (
    <small id={id} className={data.available ? 'field-check-result ok' : 'field-check-result taken'} aria-live="polite">
      <i className={data.available ? 'pi pi-check' : 'pi pi-times'} aria-hidden="true" />{' '}
      {/* The server's reason ("사용할 수 없는 닉네임입니다." …) says more than "already taken". */}
      {data.available ? koJoin.available : data.message || koJoin.taken}
    </small>
  );
}

export default function JoinPage() {
  useDocumentTitle(ko.pages.joinPage);
  const navigate = useNavigate();
  const join = useJoin();
  // The sign-up's proof of work, solved in the background while the form is filled in.
  const spam = useSpamProof('join');
  const [v, setV] = useState<Values>(EMPTY);
  const [agree, setAgree] = useState(false);
  // Values whose availability is asked once the member leaves the field.
  const [checked, setChecked] = useState<Record<CheckField, string>>({ userId: '', nickName: '', email: '' });

  const fe = useFieldErrors({
    userId: 'join-userId',
    password: 'join-password',
    rePassword: 'join-rePassword',
    nickName: 'join-nickName',
    email: 'join-email',
    question: 'join-question',
    answer: 'join-answer',
    agree: 'join-agree',
  });
  const set = (k: keyof Values) => (e: { target: { value: string } }) => {
    setV((s) => ({ ...s, [k]: e.target.value }));
    fe.clear(k);
  };
  const check = (field: CheckField) => () => setChecked((c) => ({ ...c, [field]: v[field].trim() }));

  const [sending, setSending] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (join.isPending || sending) return;
    const form = fe.check(JoinForm, { ...v, agree: agree ? 'Y' : '' });
    if (!form) return;
    setSending(true);
    const proof = await spam.headers();
    setSending(false);
    if (!proof) return;
    join.mutate({ ...form, proof }, {
      // Each challenge counts once: a refused sign-up tries again with a new one.
      onSettled: spam.renew,
      // The server has logged the new member in: take the session, go home and say welcome.
      onSuccess: async (result) => {
        await takeNewSession();
        toast.success(result.message || koJoin.done);
        navigate('/');
      },
    });
  };


  return (
    <section className="join-page">
      <h1>{koJoin.title}</h1>
      <p className="lead">{koJoin.intro}</p>
      <OAuthButtons separator={false} />
      <form onSubmit={(e) => void submit(e)} noValidate className="form-card">
        <Field id="join-userId" label={koJoin.userId} hint={koJoin.userIdHint} error={fe.error('userId')} after={<Availability field="userId" value={checked.userId} id="join-userId-check" />}>
          <InputText
            id="join-userId"
            name="userId"
            autoComplete="username"
            value={v.userId}
            onChange={set('userId')}
            onBlur={check('userId')}
            {...fe.aria('userId', 'join-userId-hint', 'join-userId-check')}
          />
        </Field>
        <NewPasswordFields idPrefix="join" labels={{ password: koJoin.password, rePassword: koJoin.rePassword, hint: koJoin.passwordHint }} values={v} onChange={set} fe={fe} />
        <NickNameField
          idPrefix="join"
          hint={koJoin.nickNameHint}
          value={v.nickName}
          onChange={set('nickName')}
          onBlur={check('nickName')}
          check={<Availability field="nickName" value={checked.nickName} id="join-nickName-check" />}
          fe={fe}
        />
        <Field id="join-email" label={koJoin.email} error={fe.error('email')} after={<Availability field="email" value={checked.email} id="join-email-check" />}>
          <InputText
            id="join-email"
            name="email"
            type="email"
            autoComplete="email"
            value={v.email}
            onChange={set('email')}
            onBlur={check('email')}
            {...fe.aria('email', 'join-email-check')}
          />
        </Field>
        <Field id="join-question" label={koJoin.question} hint={koJoin.questionHint} error={fe.error('question')}>
          <InputText id="join-question" name="question" value={v.question} onChange={set('question')} {...fe.aria('question', 'join-question-hint')} />
        </Field>
        <Field id="join-answer" label={koJoin.answer} error={fe.error('answer')}>
          <InputText id="join-answer" name="answer" autoComplete="off" value={v.answer} onChange={set('answer')} {...fe.aria('answer')} />
        </Field>
        <TermsAgreement
          idPrefix="join"
          text={koJoin.termsText}
          agree={agree}
          onChange={(a) => {
            setAgree(a);
            fe.clear('agree');
          }}
          fe={fe}
        />
        {spam.element}
        <Button type="submit" label={koJoin.submit} icon="pi pi-user-plus" loading={join.isPending || sending} className="w-full" />
      </form>
    </section>
  );
}
