// The one shape of a storage key, checked by every store (local disk, S3) and by the scripts that
// copy or archive stored files, so no key climbs out of its folder.

/** Storage keys are relative paths of safe characters: 2025/06/01/AbC_-x.webp. */
const KEY = /^(?:[A-Za-z0-9_-][A-Za-z0-9_.-]*\/)*[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;

export function assertStorageKey(key: string): void {
  if (key.length > 300 || !KEY.test(key) || key.split('/').some((part) => part === '.' || part === '..')) {
    throw new Error(`bad storage key: ${key}`);
  }
}
