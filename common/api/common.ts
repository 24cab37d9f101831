import { z } from 'zod';

/** Every error response: a Korean message; "forward:" at its start asks for the error page. */
export const ErrorBody = z.object({ message: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Calls without a payload accept an empty object or no body at all. */
export const Empty = z.object({}).nullish();
export const Ok = z.object({ ok: z.literal(true) });

/**
 * A number written in a path (/api/letter/receive/read/12): digits only, then the rule for that
 * number. Bodies take JSON numbers only; a path is text by nature.
 */
export const pathNumber = (rule: z.ZodNumber, message: string) =>
  z.string({ error: message }).regex(/^\d{1,15}$/, message).transform(Number).pipe(rule);

/** Lists page by a 1-based page number (docs/api.md). */
export const PageQuery = z.object({ page: z.number().int().min(1).max(100000).default(1) });

export const pageOf = <T extends z.ZodTypeAny>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });
