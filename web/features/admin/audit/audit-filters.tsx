// The audit log's filters: admin, action or area, target kind and key, and a range of days. They
// live in the address (back returns to the previous view); bad days are marked at their field.
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { AuditListQuery } from '../../../../common/api/admin-audit';
import { koAdminAudit } from './texts';
import { Field } from '../../../ui/field';
import { LiteButton } from '../../../ui/lite-button';
import { useFieldErrors } from '../../../ui/use-field-errors';
import { ACTION_AREAS, ACTION_CODES, actionName, TARGET_KINDS, targetKindName } from './audit-names';

const t = koAdminAudit;

export const FILTER_NAMES = ['actor', 'action', 'targetKind', 'targetKey', 'from', 'to'] as const;
export type AuditFilterName = (typeof FILTER_NAMES)[number];
export type AuditFilterValues = Record<AuditFilterName, string>;

const ids: Record<AuditFilterName, string> = {
  actor: 'audit-actor',
  action: 'audit-action',
  targetKind: 'audit-kind',
  targetKey: 'audit-key',
  from: 'audit-from',
  to: 'audit-to',
};

const fields: Array<{ name: AuditFilterName; label: string; placeholder: string; type?: 'date'; max: number }> = [
  { name: 'actor', label: t.actor, placeholder: t.actorPlaceholder, max: 40 },
  { name: 'action', label: t.action, placeholder: t.actionPlaceholder, max: 60 },
  { name: 'targetKind', label: t.targetKind, placeholder: t.targetKindPlaceholder, max: 40 },
  { name: 'targetKey', label: t.targetKey, placeholder: t.targetKeyPlaceholder, max: 100 },
  { name: 'from', label: t.from, placeholder: t.dayPlaceholder, type: 'date', max: 10 },
  { name: 'to', label: t.to, placeholder: t.dayPlaceholder, type: 'date', max: 10 },
];

/** The choices of the action and target kind filters, by their Korean names; a code typed into
 * the address that the list does not know stays chosen as itself. */
function choices(name: 'action' | 'targetKind', current: string) {
  const options =
    name === 'action'
      ? ACTION_AREAS.flatMap(({ area, name: areaName }) => [
          { value: area, label: t.areaAll(areaName) },
          ...ACTION_CODES.filter((c) => c.startsWith(`${area}.`)).map((c) => ({ value: c, label: `· ${actionName(c)}` })),
        ])
      : TARGET_KINDS.map((k) => ({ value: k, label: targetKindName(k) }));
  if (current && !options.some((o) => o.value === current)) options.push({ value: current, label: current });
  return [{ value: '', label: name === 'action' ? t.anyAction : t.anyKind }, ...options];
}

export function AuditFilters({ values, onSearch }: { values: AuditFilterValues; onSearch: (next: AuditFilterValues) => void }) {
  const [form, setForm] = useState(values);
  const errs = useFieldErrors(ids);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = Object.fromEntries(FILTER_NAMES.map((n) => [n, form[n].trim()])) as AuditFilterValues;
    const present = Object.fromEntries(Object.entries(trimmed).filter(([, v]) => v !== ''));
    if (errs.check(AuditListQuery, present) === null) return;
    onSearch(trimmed);
  };
  const clear = () => {
    const empty = Object.fromEntries(FILTER_NAMES.map((n) => [n, ''])) as AuditFilterValues;
    setForm(empty);
    errs.reset();
    onSearch(empty);
  };
  return (
    <form role="search" aria-label={t.filters} className="admin-filters audit-filters" onSubmit={submit} noValidate>
      {fields.map((f) => (
        <Field key={f.name} id={ids[f.name]} label={f.label} error={errs.error(f.name)}>
          {f.name === 'action' || f.name === 'targetKind' ? (
            <select
              id={ids[f.name]}
              className="p-inputtext p-component"
              value={form[f.name]}
              onChange={(e) => {
                setForm({ ...form, [f.name]: e.target.value });
                errs.clear(f.name);
              }}
              {...errs.aria(f.name)}
            >
              {choices(f.name, form[f.name]).map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          ) : (
            <InputText
              id={ids[f.name]}
              type={f.type ?? 'text'}
              value={form[f.name]}
              maxLength={f.max}
              placeholder={f.placeholder}
              autoComplete="off"
              onChange={(e) => {
                setForm({ ...form, [f.name]: e.target.value });
                errs.clear(f.name);
              }}
              {...errs.aria(f.name)}
            />
          )}
        </Field>
      ))}
      <div className="audit-filter-actions">
        <LiteButton type="submit" icon="pi pi-search" label={t.submit} />
        <LiteButton type="button" outlined icon="pi pi-times" label={t.clear} onClick={clear} />
      </div>
    </form>
  );
}
