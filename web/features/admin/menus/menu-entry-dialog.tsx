// Edit one menu entry (or add one): a group has a name, an icon and whether it shows; an item
// also has its program, shortKey, and how it opens. A shortKey another entry already uses, or one
// the site keeps for itself, is said at the field while typing and stops 적용.
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { useId, useState, type FormEvent } from 'react';
import { MenuGroupInput, MenuItemInput, RESERVED_SHORT_KEYS, SHORT_KEY_MSG } from '../../../../common/api/admin-menus';
import { koAdminMenu } from './texts';
import { AdminFormDialog } from '../shared/admin-form-dialog';
import { Field } from '../../../ui/field';
import { useFieldErrors } from '../../../ui/use-field-errors';
import { IconPicker } from './menu-icon-picker';
import { type EditEntry, entryName, type ProgramInfo } from './menu-model';

const t = koAdminMenu;

/** An entry being edited, or a new one (with the groups it may go into). */
export type EntryTarget = { entry: EditEntry; isNew: boolean; groupUid?: string };

export interface EntryDialogProps {
  target: EntryTarget | null;
  flat: readonly EditEntry[];
  programs: readonly ProgramInfo[];
  onApply: (entry: EditEntry, groupUid?: string) => void;
  onHide: () => void;
}

/** The message for a shortKey another item or the site already uses, or null. */
export function shortKeyWarning(key: string, self: string, flat: readonly EditEntry[], programs: readonly ProgramInfo[]): string | null {
  const k = key.trim().toUpperCase();
  if (!k) return null;
  const reserved = RESERVED_SHORT_KEYS.find((r) => r.key === k);
  if (reserved) return SHORT_KEY_MSG.reserved(k, reserved.use);
  const other = flat.find((e) => e.kind === 'item' && e.uid !== self && e.shortKey.trim().toUpperCase() === k);
  return other ? SHORT_KEY_MSG.taken(k, entryName(other, programs)) : null;
}

export function MenuEntryDialog(props: EntryDialogProps) {
  const { target, onHide } = props;
  const formId = useId();
  const group = target?.entry.kind === 'group';
  const title = target?.isNew ? (group ? t.newGroupTitle : t.newItemTitle) : group ? t.groupTitle : t.itemTitle;
  return (
    <AdminFormDialog title={title} visible={target !== null} onHide={onHide} formId={formId} width="36rem" submit={{ label: t.apply }}>
      {target && <EntryForm key={target.entry.uid} {...props} target={target} formId={formId} />}
    </AdminFormDialog>
  );
}

function EntryForm({ target, flat, programs, onApply, onHide, formId }: EntryDialogProps & { target: EntryTarget; formId: string }) {
  const base = useId();
  const [draft, setDraft] = useState(target.entry);
  const [groupUid, setGroupUid] = useState(target.groupUid ?? flat.find((e) => e.kind === 'group')?.uid ?? '');
  const isItem = draft.kind === 'item';
  const ids = { label: `${base}-label`, programId: `${base}-program`, shortKey: `${base}-key`, icon: `${base}-icon`, target: `${base}-target`, visible: `${base}-visible`, group: `${base}-group` };
  const fe = useFieldErrors(ids);
  const set = <K extends keyof EditEntry>(field: K, value: EditEntry[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    if (field in ids) fe.clear(field as keyof typeof ids);
  };
  const warning = isItem ? shortKeyWarning(draft.shortKey, draft.uid, flat, programs) : null;
  const groups = flat.filter((e) => e.kind === 'group');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = isItem ? fe.check(MenuItemInput, draft) : fe.check(MenuGroupInput, { ...draft, items: [] });
    if (!checked) return;
    if (warning) return fe.fail('shortKey', warning);
    onApply({ ...draft, label: draft.label.trim(), shortKey: draft.shortKey.trim().toUpperCase() }, target.isNew && isItem ? groupUid : undefined);
    onHide();
  };

  return (
    <form id={formId} className="menu-entry-form" onSubmit={submit} noValidate>
      {isItem && target.isNew && groups.length > 1 && (
        <Field id={ids.group} label={t.intoGroup}>
          <select id={ids.group} className="p-inputtext p-component" value={groupUid} onChange={(e) => setGroupUid(e.target.value)}>
            {groups.map((g) => (
              <option key={g.uid} value={g.uid}>
                {entryName(g, programs)}
              </option>
            ))}
          </select>
        </Field>
      )}
      {isItem && (
        <Field id={ids.programId} label={t.program} error={fe.error('programId')}>
          <select id={ids.programId} className="p-inputtext p-component" value={draft.programId} onChange={(e) => set('programId', e.target.value)} {...fe.aria('programId')}>
            <option value="">{t.programPlaceholder}</option>
            {programs.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} ({p.url})
              </option>
            ))}
          </select>
        </Field>
      )}
      <Field id={ids.label} label={t.label} hint={isItem ? t.labelHint : undefined} error={fe.error('label')}>
        <InputText id={ids.label} value={draft.label} maxLength={30} onChange={(e) => set('label', e.target.value)} {...fe.aria('label', isItem && `${ids.label}-hint`)} />
      </Field>
      {isItem && (
        <Field
          id={ids.shortKey}
          label={t.shortKey}
          hint={t.shortKeyHint}
          error={fe.error('shortKey')}
          after={
            warning && !fe.error('shortKey') ? (
              <small id={`${ids.shortKey}-warn`} className="field-error" role="status">
                <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {warning}
              </small>
            ) : null
          }
        >
          <InputText
            id={ids.shortKey}
            className="shortkey-input"
            value={draft.shortKey}
            maxLength={1}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => set('shortKey', e.target.value.toUpperCase())}
            {...fe.aria('shortKey', `${ids.shortKey}-hint`, warning !== null && !fe.error('shortKey') && `${ids.shortKey}-warn`)}
            aria-invalid={warning !== null || fe.error('shortKey') !== undefined ? true : undefined}
          />
        </Field>
      )}
      <div className={fe.error('icon') ? 'field has-error' : 'field'}>
        <span className="field-label-text">{t.icon}</span>
        <IconPicker id={ids.icon} value={draft.icon} onChange={(icon) => set('icon', icon)} />
      </div>
      {isItem && (
        <fieldset className="field menu-target">
          <legend>{t.target}</legend>
          {(['', '_blank'] as const).map((v) => (
            <label key={v || 'same'} className="field-check">
              <input type="radio" name={ids.target} value={v} checked={draft.target === v} onChange={() => set('target', v)} />
              {v ? t.targetBlank : t.targetSame}
            </label>
          ))}
        </fieldset>
      )}
      <div className="field-check admin-check">
        <Checkbox inputId={ids.visible} checked={draft.visible} onChange={(e) => set('visible', e.checked === true)} />
        <label htmlFor={ids.visible}>{t.visible}</label>
      </div>
    </form>
  );
}
