// Typed errors with a status and a stable code; the global handler turns them into
// { message } bodies (docs/api.md). Messages are Korean and meant for members.
import { FORWARD_MARKER } from '../../common/constants.js';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Codes sent beside the message ({ message, code }) because the web acts on them (docs/api.md). */
export const WEB_CODES: ReadonlySet<string> = new Set(['second_step_needed']);

/** The answer body of an HttpError. */
export const errorBody = (e: HttpError) => (WEB_CODES.has(e.code) ? { message: e.message, code: e.code } : { message: e.message });

export const GENERIC_ERROR = '문제가 발생했습니다. 관리자에게 문의하세요';
export const DB_UNAVAILABLE = '지금은 데이터베이스에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.';

export const badRequest = (message: string, code = 'bad_request') => new HttpError(400, code, message);
export const unauthorized = (message = '로그인이 필요합니다.', code = 'unauthorized') =>
  new HttpError(401, code, message);
export const forbidden = (message = '권한이 없습니다.', code = 'forbidden') => new HttpError(403, code, message);
export const notFound = (message = '요청한 내용을 찾을 수 없습니다.', code = 'not_found') =>
  new HttpError(404, code, message);
export const conflict = (message: string, code = 'conflict') => new HttpError(409, code, message);
export const tooManyRequests = (message = '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.') =>
  new HttpError(429, 'rate_limited', message);

/** An error the client shows on the error page instead of a toast (the forward: marker, docs/product/site.md#errors). */
export const forward = (status: number, message: string, code = 'forward') =>
  new HttpError(status, code, FORWARD_MARKER + message);

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '57014', // query_canceled: the statement ran past DATABASE_STATEMENT_TIMEOUT_MS
]);

/** True when an error (or one it wraps) means the database cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const err = e as { code?: unknown; message?: unknown; cause?: unknown };
    const code = typeof err.code === 'string' ? err.code : '';
    if (CONNECTION_CODES.has(code) || code.startsWith('08')) return true;
    const message = typeof err.message === 'string' ? err.message : '';
    if (/Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|not queryable|Client was closed/i.test(message))
      return true;
    e = err.cause;
  }
  return false;
}
