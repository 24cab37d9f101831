/** Route parameters arrive decoded by the router; a stray %xx sequence is decoded once more. */
export function messageFromParam(param: string | undefined): string {
  const raw = (param ?? '').trim();
  if (!/%[0-9a-f]{2}/i.test(raw)) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
