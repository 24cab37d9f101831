// The part of fs-native-extensions (no bundled types) that server/db/data-lock.ts uses.
declare module 'fs-native-extensions' {
  /** An exclusive (or shared) lock on the whole file; false when another open file holds it. */
  export function tryLock(fd: number, opts?: { shared?: boolean }): boolean;
  export function unlock(fd: number): void;
}
