/** The constraint a unique violation hit, if that is what the error is (it may be wrapped). */
export function uniqueViolation(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const err = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (err.code === '23505') return typeof err.constraint === 'string' ? err.constraint : '';
    e = err.cause;
  }
  return null;
}
