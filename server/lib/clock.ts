// The server's idea of "now" for rules that depend on time (auction ends, anti-sniping). One
// small module so tests can move time without waiting; everything else reads the real clock.

let offsetMs = 0;
let fixed: number | null = null;

/** The current time: the real clock, or the time a test set or moved it to. */
export function now(): Date {
  return new Date((fixed ?? Date.now()) + offsetMs);
}

/** Tests: from now on time runs `ms` later than the real clock (adds to earlier moves). */
export function advanceClock(ms: number): void {
  offsetMs += ms;
}

/** Tests: time stands still at `at` (advanceClock still moves it). */
export function setClock(at: Date): void {
  fixed = at.getTime();
  offsetMs = 0;
}

/** Back to the real clock. */
export function resetClock(): void {
  fixed = null;
  offsetMs = 0;
}
