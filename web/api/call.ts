// The generic call helper (docs/api.md, docs/product/site.md#errors). Every call is a POST to /api/... with a JSON body
// unless told otherwise; a path containing /save shows the loading overlay while it runs.
import { ko } from '../i18n/ko';
import { showLoading } from '../ui/loading-overlay';
import { toast } from '../ui/toast-store';
import { errorText, formEncode, forwardPath, parseBody } from './error-text';
import { earlyAnswer } from './early-answers';
import { EtagMemory } from './etag-memory';
import { navigateTo } from './navigate';

export const JSON_TYPE = 'application/json';
export const FORM_TYPE = 'application/x-www-form-urlencoded';

export interface CallOptions<T> {
  method?: string;
  data?: unknown;
  contentType?: typeof JSON_TYPE | typeof FORM_TYPE;
  onSuccess?: (data: T) => void;
  onError?: (message: string, status: number) => void;
  /** Do not toast failures (the letter and alarm counters ignore errors, docs/product/site.md#errors). */
  silent?: boolean;
  signal?: AbortSignal;
  /** Headers of the call's own (a solved spam challenge, docs/product/spam.md). */
  headers?: Record<string, string>;
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly forwarded = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const usesOverlay = (path: string) => path.includes('/save');

/** Answers with an ETag, asked for again with If-None-Match (decision 22). */
const remembered = new EtagMemory();

async function send<T>(path: string, options: CallOptions<T>): Promise<T> {
  const { method = 'POST', data = {}, contentType = JSON_TYPE, signal, headers = {} } = options;
  const body = contentType === FORM_TYPE ? formEncode(data as Record<string, unknown>) : JSON.stringify(data);
  const done = usesOverlay(path) ? showLoading() : null;
  const memoryKey = method === 'POST' && contentType === JSON_TYPE ? EtagMemory.key(path, body) : null;
  const known = memoryKey ? remembered.get(memoryKey) : undefined;
  // The first load's calls may have been asked for already, beside the entry.
  const early = memoryKey && !known ? earlyAnswer(path, body) : undefined;
  let response: Response;
  try {
    response =
      (await early) ??
      (await fetch(path, {
        method,
        credentials: 'same-origin',
        headers: { 'content-type': contentType, accept: 'application/json', ...(known ? { 'if-none-match': known.etag } : {}), ...headers },
        body: method === 'GET' || method === 'HEAD' ? undefined : body,
        signal,
      }));
  } catch (e) {
    done?.();
    if (signal?.aborted) throw e;
    throw new ApiError(ko.error.generic, 0);
  }
  try {
    if (response.status === 304 && known) return parseBody(known.body) as T;
    const text = await response.text();
    const parsed = parseBody(text);
    if (!response.ok) throw new ApiError(errorText(parsed), response.status);
    if (memoryKey) remembered.set(memoryKey, response.headers.get('etag'), text);
    return parsed as T;
  } finally {
    done?.();
  }
}

/** Opens the error page for a "forward:" message; true when it did. */
function forwarded(message: string): boolean {
  const path = forwardPath(message);
  if (path === null) return false;
  navigateTo(path);
  return true;
}

/**
 * Callback style: never rejects. Failures show an error toast (or open the error page for a
 * "forward:" message) and then call onError. Resolves to the data, or undefined on failure.
 */
export async function call<T = unknown>(path: string, options: CallOptions<T> = {}): Promise<T | undefined> {
  try {
    const data = await send<T>(path, options);
    options.onSuccess?.(data);
    return data;
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    if (forwarded(e.message)) return undefined;
    if (!options.silent) toast.error(e.message);
    options.onError?.(e.message, e.status);
    return undefined;
  }
}

/** Awaited style: returns the data or throws an ApiError after reporting it as an error toast. */
export async function callAwait<T = unknown>(path: string, options: Omit<CallOptions<T>, 'onSuccess' | 'onError'> = {}): Promise<T> {
  try {
    return await send<T>(path, options);
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    if (forwarded(e.message)) throw new ApiError(e.message, e.status, true);
    if (!options.silent) toast({ severity: 'error', detail: e.message });
    throw e;
  }
}

export interface UploadOptions {
  onProgress?: (percent: number, loaded: number, total: number) => void;
  silent?: boolean;
}

/** Multipart upload (files in a FormData); resolves to the response data, reports progress. */
export function upload<T = unknown>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const done = usesOverlay(path) ? showLoading() : null;
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = false; // same origin: cookies go along anyway
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onProgress?.(Math.round((e.loaded / e.total) * 100), e.loaded, e.total);
    };
    const fail = (message: string, status: number) => {
      done?.();
      if (forwarded(message)) return reject(new ApiError(message, status, true));
      if (!options.silent) toast({ severity: 'error', detail: message });
      reject(new ApiError(message, status));
    };
    xhr.onload = () => {
      const parsed = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        done?.();
        resolve(parsed as T);
      } else fail(errorText(parsed), xhr.status);
    };
    xhr.onerror = () => fail(ko.error.generic, 0);
    xhr.onabort = () => fail(ko.error.generic, 0);
    xhr.send(form);
  });
}
