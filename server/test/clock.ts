// Test controls for the server clock (lib/clock.ts): set it, move it on, put it back. Auction
// tests end auctions and cross anti-sniping windows this way instead of waiting.
import { setTimeSource } from '../lib/clock.js';

let offsetMs = 0;
let fixed: number | null = null;
const testTime = () => (fixed ?? Date.now()) + offsetMs;

/** From now on time runs `ms` later than the real clock (adds to earlier moves). */
export function advanceClock(ms: number): void {
  offsetMs += ms;
  setTimeSource(testTime);
}

/** Time stands still at `at` (advanceClock still moves it). */
export function setClock(at: Date): void {
  fixed = at.getTime();
  offsetMs = 0;
  setTimeSource(testTime);
}

/** Back to the real clock. */
export function resetClock(): void {
  fixed = null;
  offsetMs = 0;
  setTimeSource();
}
