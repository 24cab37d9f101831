/** Fills a route pattern such as '/board/:id/:category/list/:page?' with values. */
export function buildPath(pattern: string, params: Record<string, string | number | undefined>): string {
  const parts = pattern.split('/').flatMap((seg) => {
    if (!seg.startsWith(':')) return [seg];
    const optional = seg.endsWith('?');
    const key = seg.slice(1, optional ? -1 : undefined);
    const value = params[key];
    if (value === undefined || value === '') {
      if (optional) return [];
      throw new Error(`missing route parameter ${key}`);
    }
    return [encodeURIComponent(String(value))];
  });
  return parts.join('/') || '/';
}
