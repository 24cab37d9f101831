// Record or edit a donation: the donor (a member by nickname or id, a free name, or anonymous),
// the amount in won and whether it is public, the date and the donor's message.
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useId, useState, type FormEvent } from 'react';
import { AdminDonateSave, DONATION_MESSAGE_MAX, DONOR_NAME_MAX } from '../../../../common/api/donations';
import { numberFromText } from '../../../../common/format';
import { koAdmin } from '../texts';
import { koDonate as t } from './texts';
import { AdminFormDialog } from '../shared/admin-form-dialog';
import { Field } from '../../../ui/field';
import { toast } from '../../../ui/toast-store';
import { useFieldErrors } from '../../../ui/use-field-errors';
import type { DonationRow } from './api/donate-api';
import { useDonateSave } from './api/donate-api';

type DonorKind = DonationRow['donorKind'];
const KINDS: DonorKind[] = ['member', 'name', 'anonymous'];

/** A new donation (null row) or the one being edited. */
export type DonateTarget = { row: DonationRow | null };

const today = () => new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);

export function DonateDialog({ target, onHide }: { target: DonateTarget | null; onHide: () => void }) {
  const formId = useId();
  return (
    <AdminFormDialog title={target?.row ? t.editTitle : t.newTitle} visible={target !== null} onHide={onHide} formId={formId} width="36rem">
      {target && <DonateForm key={target.row?.id ?? 'new'} row={target.row} formId={formId} onDone={onHide} />}
    </AdminFormDialog>
  );
}

/** Server messages name their field by what they say. */
function fieldOf(message: string): 'donorName' | 'amount' | 'donatedOn' | 'message' | null {
  if (message.startsWith('후원자') || message.includes('회원을 찾을 수 없')) return 'donorName';
  if (message.startsWith('금액')) return 'amount';
  if (message.startsWith('후원일')) return 'donatedOn';
  if (message.startsWith('남긴 말')) return 'message';
  return null;
}

function DonateForm({ row, formId, onDone }: { row: DonationRow | null; formId: string; onDone: () => void }) {
  const base = useId();
  const [kind, setKind] = useState<DonorKind>(row?.donorKind ?? 'member');
  const [donorName, setDonorName] = useState(row?.donorName ?? '');
  const [amount, setAmount] = useState(row ? String(row.amount) : '');
  const [amountPublic, setAmountPublic] = useState(row?.amountPublic ?? true);
  const [donatedOn, setDonatedOn] = useState(row?.donatedOn ?? today());
  const [message, setMessage] = useState(row?.message ?? '');
  const save = useDonateSave();
  const ids = { donorKind: `${base}-kind-${kind}`, donorName: `${base}-donor`, amount: `${base}-amount`, donatedOn: `${base}-date`, message: `${base}-message` };
  const fe = useFieldErrors(ids);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = fe.check(AdminDonateSave, {
      ...(row && { id: row.id }),
      donorKind: kind,
      donorName: kind === 'anonymous' ? '' : donorName,
      // 50,000 and 50000원 are typed as people write them.
      amount: numberFromText(amount),
      amountPublic,
      donatedOn,
      message,
    });
    if (!parsed) return;
    save.mutate(parsed, {
      onSuccess: () => {
        toast.success(koAdmin.saved);
        onDone();
      },
      onError: (error) => fe.failFromServer(error, fieldOf),
    });
  };

  return (
    <form id={formId} onSubmit={submit} noValidate>
      <fieldset className="field donor-kinds">
        <legend>{t.donorKind}</legend>
        <div className="donor-kind-options">
          {KINDS.map((k) => (
            <label key={k} className="donor-kind">
              <input
                type="radio"
                id={`${base}-kind-${k}`}
                name={`${base}-kind`}
                value={k}
                checked={kind === k}
                onChange={() => {
                  setKind(k);
                  fe.clear('donorName');
                }}
              />
              {t.donorKinds[k]}
            </label>
          ))}
        </div>
      </fieldset>
      {kind !== 'anonymous' && (
        <Field
          id={ids.donorName}
          label={kind === 'member' ? t.donorMember : t.donorName}
          hint={kind === 'member' ? t.donorMemberHint : undefined}
          error={fe.error('donorName')}
        >
          <InputText
            id={ids.donorName}
            value={donorName}
            maxLength={DONOR_NAME_MAX}
            autoComplete="off"
            onChange={(e) => {
              setDonorName(e.target.value);
              fe.clear('donorName');
            }}
            {...fe.aria('donorName', kind === 'member' && `${ids.donorName}-hint`)}
          />
        </Field>
      )}
      <div className="form-grid">
        <Field id={ids.amount} label={t.amount} error={fe.error('amount')}>
          <InputText
            id={ids.amount}
            value={amount}
            inputMode="numeric"
            maxLength={16}
            onChange={(e) => {
              setAmount(e.target.value);
              fe.clear('amount');
            }}
            {...fe.aria('amount')}
          />
        </Field>
        <Field id={ids.donatedOn} label={t.donatedOn} hint={t.donatedOnHint} error={fe.error('donatedOn')}>
          <InputText
            id={ids.donatedOn}
            type="date"
            value={donatedOn}
            onChange={(e) => {
              setDonatedOn(e.target.value);
              fe.clear('donatedOn');
            }}
            {...fe.aria('donatedOn', `${ids.donatedOn}-hint`)}
          />
        </Field>
      </div>
      <div className="field-check admin-check">
        <Checkbox inputId={`${base}-public`} checked={amountPublic} onChange={(e) => setAmountPublic(e.checked === true)} />
        <label htmlFor={`${base}-public`}>{t.amountPublic}</label>
      </div>
      <Field id={ids.message} label={t.message} hint={t.messageHint} error={fe.error('message')}>
        <InputTextarea
          id={ids.message}
          value={message}
          rows={3}
          autoResize
          maxLength={DONATION_MESSAGE_MAX + 50}
          onChange={(e) => {
            setMessage(e.target.value);
            fe.clear('message');
          }}
          {...fe.aria('message', `${ids.message}-hint`)}
        />
      </Field>
    </form>
  );
}
