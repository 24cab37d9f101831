// What the gallery pages read back from their address.

/** A gallery key from the address, or null when it is not a positive whole number. */
export function keyParam(raw: string | null | undefined): number | null {
  const n = Number(raw ?? '');
  return Number.isSafeInteger(n) && n >= 1 ? n : null;
}
