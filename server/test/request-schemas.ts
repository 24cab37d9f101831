// Test helper: walks a route's zod schema (its def tree) to list the field keys it takes and to
// build bodies that break every field at once. Used by validator.test.ts and strict-types.test.ts.
import type { z } from 'zod';
import { registeredRoutes } from '../modules/openapi/document.js';
import type { App } from '../lib/context.js';

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  getter?: () => z.ZodType;
}

const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under optional, default, nullable, a pipe's input and the like. */
export function unwrap(s: z.ZodType): z.ZodType {
  for (let guard = 0; guard < 20; guard++) {
    const d = defOf(s);
    if (d.innerType) s = d.innerType;
    else if (d.type === 'pipe' && d.in) s = d.in;
    else if (d.type === 'lazy' && d.getter) s = d.getter();
    else return s;
  }
  return s;
}

export const typeOf = (s: z.ZodType) => defOf(unwrap(s)).type;
export const shapeOf = (s: z.ZodType): Record<string, z.ZodType> => {
  const d = defOf(unwrap(s));
  if (d.type === 'object') return d.shape ?? {};
  if (d.type === 'intersection') return { ...shapeOf(d.left!), ...shapeOf(d.right!) };
  if (d.type === 'union') return Object.assign({}, ...d.options!.map(shapeOf));
  return {};
}

/** Every [parent key, key] pair in the schema (parent undefined at the top). */
export function fieldKeys(s: z.ZodType, parent?: string, out: [string | undefined, string][] = [], seen = new Set<unknown>()): [string | undefined, string][] {
  const inner = unwrap(s);
  if (seen.has(inner)) return out;
  seen.add(inner);
  const d = defOf(inner);
  if (d.type === 'array') fieldKeys(d.element!, parent, out, seen);
  else if (d.type === 'record') fieldKeys(d.valueType!, parent, out, seen);
  else if (d.type === 'tuple') for (const i of d.items ?? []) fieldKeys(i, parent, out, seen);
  else if (d.type === 'union') for (const o of d.options ?? []) fieldKeys(o, parent, out, seen);
  else if (d.type === 'intersection') {
    fieldKeys(d.left!, parent, out, seen);
    fieldKeys(d.right!, parent, out, seen);
  } else if (d.type === 'object') {
    for (const [k, v] of Object.entries(d.shape ?? {})) {
      out.push([parent, k]);
      fieldKeys(v, k, out, seen);
    }
  }
  return out;
}

/**
 * A body of the schema's shape whose every leaf holds `leaf` (a value no field takes as it is):
 * objects keep their keys, lists hold one such element, so one parse reports every field.
 */
export function skeleton(s: z.ZodType, leaf: unknown, depth = 0): unknown {
  const d = defOf(unwrap(s));
  if (depth > 6) return leaf;
  if (d.type === 'object' || d.type === 'intersection' || d.type === 'union') {
    const shape = shapeOf(s);
    if (Object.keys(shape).length === 0) return leaf;
    return Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, skeleton(v, leaf, depth + 1)]));
  }
  if (d.type === 'array') return [skeleton(d.element!, leaf, depth + 1)];
  if (d.type === 'record') return { x: skeleton(d.valueType!, leaf, depth + 1) };
  return leaf;
}

export interface SchemaRoute {
  url: string;
  part: 'body' | 'querystring' | 'params';
  schema: z.ZodType;
}

/** Every /api/ route's request schemas, as registered. */
export function requestSchemas(app: App): SchemaRoute[] {
  const out: SchemaRoute[] = [];
  for (const r of registeredRoutes(app)) {
    if (!r.url.startsWith('/api/')) continue;
    const schema = (r.schema ?? {}) as Partial<Record<SchemaRoute['part'], z.ZodType>>;
    for (const part of ['body', 'querystring', 'params'] as const) {
      const s = schema[part];
      if (s) out.push({ url: r.url, part, schema: s });
    }
  }
  return out;
}

export interface Leaf {
  path: (string | number)[];
  type: string;
}

/** Every field that holds a single value (text, number, true/false), with its path and type. */
export function leaves(s: z.ZodType, path: (string | number)[] = [], out: Leaf[] = [], depth = 0): Leaf[] {
  const d = defOf(unwrap(s));
  if (depth > 6) return out;
  if (d.type === 'object' || d.type === 'intersection') {
    for (const [k, v] of Object.entries(shapeOf(s))) leaves(v, [...path, k], out, depth + 1);
  } else if (d.type === 'array') leaves(d.element!, [...path, 0], out, depth + 1);
  else if (['string', 'number', 'boolean', 'int'].includes(d.type)) out.push({ path, type: d.type });
  return out;
}

/** A body holding `value` at `path` and nothing else (the objects and lists on the way made). */
export function bodyWith(path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const inner = bodyWith(rest, value);
  return typeof head === 'number' ? [inner] : { [head as string]: inner };
}
