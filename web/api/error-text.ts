// How a failed call's body becomes the text the member reads (docs/product/site.md#errors).
import { FORWARD_MARKER } from '../../common/constants';
import { ko } from '../i18n/ko';

/** The body itself, or its `message` field when the body is an object; empty -> the generic text. */
export function errorText(body: unknown): string {
  let text = '';
  if (typeof body === 'string') text = body;
  else if (body && typeof body === 'object' && 'message' in body) {
    const m = (body as { message: unknown }).message;
    text = typeof m === 'string' ? m : m == null ? '' : String(m);
  }
  text = text.trim();
  return text === '' ? ko.error.generic : text;
}

/** 'forward:글이 삭제되었습니다' -> '/error/%EA%B8%80…'; anything else -> null. */
export function forwardPath(text: string): string | null {
  if (!text.startsWith(FORWARD_MARKER)) return null;
  return `/error/${encodeURIComponent(text.slice(FORWARD_MARKER.length))}`;
}

/** Reads a response body: JSON when it parses, else the plain text, undefined when empty. */
export function parseBody(raw: string): unknown {
  if (raw === '') return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/** application/x-www-form-urlencoded body from a flat object (undefined and null are left out). */
export function formEncode(data: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(data)) {
    if (v === undefined || v === null) continue;
    params.append(k, String(v));
  }
  return params.toString();
}
