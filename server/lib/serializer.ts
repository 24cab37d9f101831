// Responses are written by a serialiser compiled once per route from its zod response schema
// (decision 23): zod -> JSON Schema -> fast-json-stringify. Only the properties a schema names are
// written, so a field the contract does not list (a password hash, an email) never leaves the
// server; a value that cannot take its declared type (a missing required field, text where a
// number belongs) throws, and the error handler answers a generic 500.
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };

const isNullType = (s: unknown) => typeof s === 'object' && s !== null && (s as JsonSchema).type === 'null' && Object.keys(s).length === 1;

/**
 * Shapes zod's JSON Schema for fast-json-stringify:
 * - `additionalProperties: false` goes: fast-json-stringify writes only the listed properties
 *   anyway, and inside an anyOf the keyword would make a branch with an extra field not match;
 * - `anyOf: [X, {type: 'null'}]` (a nullable object) becomes X with `nullable: true`, which is
 *   compiled instead of checked against each branch at run time;
 * - identity keywords and propertyNames, which only validators read, go.
 */
export function forSerialiser(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forSerialiser);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$schema' || key === 'propertyNames' || key === 'id' || key === '$id') continue;
    if (key === 'additionalProperties' && value === false) continue;
    if (key === 'properties' || key === 'definitions' || key === '$defs') {
      out[key] = Object.fromEntries(Object.entries(value as JsonSchema).map(([k, v]) => [k, forSerialiser(v)]));
    } else out[key] = forSerialiser(value);
  }
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2 && anyOf.some(isNullType)) {
    const other = anyOf.find((s) => !isNullType(s)) as JsonSchema;
    if (typeof other.type === 'string' && !('anyOf' in other) && !('oneOf' in other)) {
      delete out.anyOf;
      return { ...out, ...other, nullable: true };
    }
  }
  return out;
}

/** The JSON Schema a zod response schema is written with. */
export function responseJsonSchema(schema: z.ZodType): unknown {
  return forSerialiser(z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' }));
}

/** Fastify's serializer compiler for zod response schemas (set once in buildApp). */
export const compiledSerializer: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  const stringify = fastJson(responseJsonSchema(schema) as Parameters<typeof fastJson>[0]);
  return (data: unknown) => stringify(data);
};
