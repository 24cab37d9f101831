import { useEffect, useState } from 'react';

/** The current time (plus the server's offset), refreshed every `everyMs`: times left, the countdown. */
export function useNow(everyMs: number, offsetMs = 0): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now + offsetMs;
}
