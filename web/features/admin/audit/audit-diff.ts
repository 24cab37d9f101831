// Before and after of an audit record as rows a person can read: one row per field (nested
// objects as dotted names), only the fields that changed unless asked for all. Values become
// plain text; nothing from the record is ever treated as HTML.

export interface DiffRow {
  field: string;
  before: string | null;
  after: string | null;
  changed: boolean;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Leaves of an object by dotted name; arrays and scalars are leaves. A non-object is one leaf, ''. */
export function flatten(value: unknown, prefix = '', out = new Map<string, unknown>(), depth = 0): Map<string, unknown> {
  if (isPlainObject(value) && depth < 4) {
    const entries = Object.entries(value);
    if (entries.length === 0 && prefix) out.set(prefix, value);
    for (const [k, v] of entries) flatten(v, prefix ? `${prefix}.${k}` : k, out, depth + 1);
  } else if (value !== null && value !== undefined) out.set(prefix, value);
  return out;
}

/** A value as one line of text: strings as they are, everything else as JSON. */
export function valueText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v) ?? '';
}

/** The rows of a change; fields in the order first seen (after's new fields at the end). */
export function diffRows(before: unknown, after: unknown, all = false): DiffRow[] {
  const b = flatten(before);
  const a = flatten(after);
  const fields = [...new Set([...b.keys(), ...a.keys()])];
  const rows = fields.map((field) => {
    const bt = b.has(field) ? valueText(b.get(field)) : null;
    const at = a.has(field) ? valueText(a.get(field)) : null;
    return { field, before: bt, after: at, changed: bt !== at };
  });
  return all ? rows : rows.filter((r) => r.changed);
}
