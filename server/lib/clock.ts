// The server's idea of "now" for rules that depend on time (auction ends, anti-sniping). One
// small module so tests can move time without waiting; everything else reads the real clock.

const realTime = () => Date.now();
let source: () => number = realTime;

/** The current time: the real clock, or the time a test set or moved it to. */
export function now(): Date {
  return new Date(source());
}

/**
 * Where `now()` reads the time from; without an argument, the real clock again. Production never
 * calls it: it is the one hook the test clock (server/test/clock.ts) needs, because tests run the
 * app in their own process and move its time without waiting.
 */
export function setTimeSource(next: () => number = realTime): void {
  source = next;
}
