// The member panel's action dialogs: edit (nickname, email, level, administrator), points (amount
// and reason) and suspension (days or until restored, and the reason the member will read).
// Each is checked with the call's own contract, confirmed, and the server's refusal is shown at
// the field it is about.
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { useId, useState, type FormEvent } from 'react';
import { AdminUserPoints, AdminUserSave, AdminUserSuspend, type AdminUserView } from '../../../../common/api/admin-users';
import { formatNumber } from '../../../../common/format';
import { koAdmin } from '../texts';
import { AdminFormDialog } from '../shared/admin-form-dialog';
import { confirm } from '../../../ui/confirm';
import { Field } from '../../../ui/field';
import { toast } from '../../../ui/toast-store';
import { useFieldErrors } from '../../../ui/use-field-errors';
import { useUserPoints, useUserSave, useUserSuspend } from './api/user-api';
import { koAdminCanMarket, koAdminUser as t } from './texts';

type User = AdminUserView['user'];
const nameOf = (u: User) => u.nickName || u.userId;

/** The server's message → the field it is about (first hit wins). */
function messageField<K extends string>(message: string, words: ReadonlyArray<readonly [RegExp, K]>): K | null {
  return words.find(([re]) => re.test(message))?.[1] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Edit

const EDIT_WORDS = [
  [/장터/, 'canMarket'],
  [/닉네임/, 'nickName'],
  [/이메일/, 'email'],
  [/등급/, 'levelId'],
  [/관리자/, 'admin'],
] as const;

export function UserEditDialog({ view, onHide }: { view: AdminUserView | null; onHide: () => void }) {
  const formId = useId();
  return (
    <AdminFormDialog title={t.editTitle} visible={view !== null} onHide={onHide} formId={formId} width="32rem">
      {view && <EditForm view={view} formId={formId} onDone={onHide} />}
    </AdminFormDialog>
  );
}

function EditForm({ view, formId, onDone }: { view: AdminUserView; formId: string; onDone: () => void }) {
  const base = useId();
  const u = view.user;
  const [nickName, setNickName] = useState(u.nickName);
  const [email, setEmail] = useState(u.email);
  const [levelId, setLevelId] = useState(u.levelId === null ? '' : String(u.levelId));
  const [admin, setAdmin] = useState(u.admin);
  // 장터 판매: null follows the level; true/false is the admin's word for this member.
  const marketNow = (u as { canMarket?: boolean | null }).canMarket ?? null;
  const [canMarket, setCanMarket] = useState(marketNow === null ? '' : marketNow ? 'allow' : 'deny');
  const save = useUserSave();
  const ids = { nickName: `${base}-nick`, email: `${base}-email`, levelId: `${base}-level`, admin: `${base}-admin`, canMarket: `${base}-market` };
  const fe = useFieldErrors(ids);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = fe.check(AdminUserSave, {
      userNo: u.no,
      userId: u.userId,
      nickName,
      email,
      levelId: levelId === '' ? null : Number(levelId),
      admin,
      canMarket: canMarket === '' ? null : canMarket === 'allow',
    });
    if (!parsed) return;
    confirm({
      message: t.saveConfirm(nameOf(u)),
      accept: () =>
        save.mutate(parsed, {
          onSuccess: () => {
            toast.success(koAdmin.saved);
            onDone();
          },
          onError: (error) => fe.failFromServer(error, (message) => messageField(message, EDIT_WORDS)),
        }),
    });
  };

  return (
    <form id={formId} className="user-form" onSubmit={submit} noValidate>
      <Field id={ids.nickName} label={t.nickName} error={fe.error('nickName')}>
        <InputText id={ids.nickName} value={nickName} maxLength={20} onChange={(e) => (setNickName(e.target.value), fe.clear('nickName'))} {...fe.aria('nickName')} />
      </Field>
      <Field id={ids.email} label={t.email} error={fe.error('email')}>
        <InputText id={ids.email} type="email" value={email} maxLength={100} onChange={(e) => (setEmail(e.target.value), fe.clear('email'))} {...fe.aria('email')} />
      </Field>
      <Field id={ids.levelId} label={t.level} error={fe.error('levelId')}>
        <select id={ids.levelId} className="p-inputtext p-component" value={levelId} onChange={(e) => (setLevelId(e.target.value), fe.clear('levelId'))} {...fe.aria('levelId')}>
          <option value="">{t.noLevel}</option>
          {view.levels.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name} ({formatNumber(l.minPoints)}점부터)
            </option>
          ))}
        </select>
      </Field>
      <Field id={ids.canMarket} label={koAdminCanMarket.label} hint={koAdminCanMarket.hint} error={fe.error('canMarket')}>
        <select
          id={ids.canMarket}
          className="p-inputtext p-component"
          value={canMarket}
          onChange={(e) => (setCanMarket(e.target.value), fe.clear('canMarket'))}
          {...fe.aria('canMarket', `${ids.canMarket}-hint`)}
        >
          <option value="">{koAdminCanMarket.inherit}</option>
          <option value="allow">{koAdminCanMarket.allow}</option>
          <option value="deny">{koAdminCanMarket.deny}</option>
        </select>
      </Field>
      <div className={fe.error('admin') ? 'field-check admin-check user-check has-error' : 'field-check admin-check user-check'}>
        <Checkbox inputId={ids.admin} checked={admin} onChange={(e) => (setAdmin(!!e.checked), fe.clear('admin'))} {...fe.aria('admin', `${ids.admin}-hint`)} />
        <label htmlFor={ids.admin}>{t.adminFlag}</label>
        <small id={`${ids.admin}-hint`} className="field-hint">
          {t.adminFlagHint}
        </small>
        {fe.error('admin') && (
          <small id={`${ids.admin}-error`} className="field-error">
            <i className="pi pi-exclamation-circle" aria-hidden="true" /> {fe.error('admin')}
          </small>
        )}
      </div>
    </form>
  );
}

// ---------------------------------------------------------------------------------------------
// Points

const POINT_WORDS = [
  [/사유/, 'reason'],
  [/포인트|정수|0이/, 'amount'],
] as const;

export function PointsDialog({ user, onHide }: { user: User | null; onHide: () => void }) {
  const formId = useId();
  return (
    <AdminFormDialog title={t.pointsTitle} visible={user !== null} onHide={onHide} formId={formId} width="32rem">
      {user && <PointsForm user={user} formId={formId} onDone={onHide} />}
    </AdminFormDialog>
  );
}

/** A typed whole number ("-100", "1,000"), or NaN so the contract names the problem. */
const parseAmount = (s: string) => (s.trim() === '' ? Number.NaN : Number(s.replace(/,/g, '').trim()));

function PointsForm({ user, formId, onDone }: { user: User; formId: string; onDone: () => void }) {
  const base = useId();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const points = useUserPoints();
  const ids = { amount: `${base}-amount`, reason: `${base}-reason` };
  const fe = useFieldErrors(ids);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = parseAmount(amount);
    if (Number.isNaN(n)) return fe.fail('amount', t.amountNumber);
    const parsed = fe.check(AdminUserPoints, { userNo: user.no, amount: n, reason });
    if (!parsed) return;
    confirm({
      message: t.pointsConfirm(nameOf(user), (parsed.amount > 0 ? '+' : '') + formatNumber(parsed.amount)),
      accept: () =>
        points.mutate(parsed, {
          onSuccess: (r) => {
            toast.success(t.pointsDone(formatNumber(r.points)));
            onDone();
          },
          onError: (error) => fe.failFromServer(error, (message) => messageField(message, POINT_WORDS)),
        }),
    });
  };

  return (
    <form id={formId} className="user-form" onSubmit={submit} noValidate>
      <Field id={ids.amount} label={t.amount} hint={t.amountHint} error={fe.error('amount')}>
        <InputText id={ids.amount} inputMode="numeric" value={amount} maxLength={12} onChange={(e) => (setAmount(e.target.value), fe.clear('amount'))} {...fe.aria('amount', `${ids.amount}-hint`)} />
      </Field>
      <Field id={ids.reason} label={t.reason} hint={t.reasonHint} error={fe.error('reason')}>
        <InputText id={ids.reason} value={reason} maxLength={100} onChange={(e) => (setReason(e.target.value), fe.clear('reason'))} {...fe.aria('reason', `${ids.reason}-hint`)} />
      </Field>
    </form>
  );
}

// ---------------------------------------------------------------------------------------------
// Suspension

const SUSPEND_WORDS = [
  [/사유/, 'reason'],
  [/기간/, 'days'],
] as const;

export function SuspendDialog({ user, onHide }: { user: User | null; onHide: () => void }) {
  const formId = useId();
  return (
    <AdminFormDialog title={t.suspendTitle} visible={user !== null} onHide={onHide} formId={formId} width="32rem">
      {user && <SuspendForm user={user} formId={formId} onDone={onHide} />}
    </AdminFormDialog>
  );
}

function SuspendForm({ user, formId, onDone }: { user: User; formId: string; onDone: () => void }) {
  const base = useId();
  const [days, setDays] = useState('7');
  const [indefinite, setIndefinite] = useState(false);
  const [reason, setReason] = useState('');
  const suspend = useUserSuspend();
  const ids = { days: `${base}-days`, reason: `${base}-reason` };
  const fe = useFieldErrors(ids);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = indefinite ? null : days.trim() === '' ? Number.NaN : Number(days.trim());
    if (n !== null && Number.isNaN(n)) return fe.fail('days', t.daysNumber);
    const parsed = fe.check(AdminUserSuspend, { userNo: user.no, days: n, reason });
    if (!parsed) return;
    confirm({
      message: t.suspendConfirm(nameOf(user)),
      defaultFocus: 'reject',
      accept: () =>
        suspend.mutate(parsed, {
          onSuccess: () => {
            toast.success(t.suspendDone);
            onDone();
          },
          onError: (error) => fe.failFromServer(error, (message) => messageField(message, SUSPEND_WORDS)),
        }),
    });
  };

  return (
    <form id={formId} className="user-form" onSubmit={submit} noValidate>
      <Field id={ids.days} label={t.days} hint={t.daysHint} error={fe.error('days')}>
        <InputText
          id={ids.days}
          inputMode="numeric"
          value={indefinite ? '' : days}
          disabled={indefinite}
          maxLength={4}
          onChange={(e) => (setDays(e.target.value), fe.clear('days'))}
          {...fe.aria('days', `${ids.days}-hint`)}
        />
      </Field>
      <div className="field-check admin-check user-check">
        <Checkbox inputId={`${base}-indefinite`} checked={indefinite} onChange={(e) => (setIndefinite(!!e.checked), fe.clear('days'))} />
        <label htmlFor={`${base}-indefinite`}>{t.indefinite}</label>
      </div>
      <Field id={ids.reason} label={t.suspendReasonLabel} hint={t.suspendReasonHint} error={fe.error('reason')}>
        <InputText id={ids.reason} value={reason} maxLength={200} onChange={(e) => (setReason(e.target.value), fe.clear('reason'))} {...fe.aria('reason', `${ids.reason}-hint`)} />
      </Field>
    </form>
  );
}
