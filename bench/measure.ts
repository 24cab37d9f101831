// One call under load with autocannon, as the board and market runners measure it: requests/s
// and the p95 and p99 of every response time (autocannon reports no p95 of its own).
import autocannon from 'autocannon';

export interface Call {
  method: 'GET' | 'POST';
  path: string;
  /** A fixed body, or a new one for every request. */
  body?: object | (() => object);
  /** A new path for every request (a GET of another post each time). */
  pathFor?: () => string;
  loggedIn?: boolean;
}

export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function measureCall(base: string, s: Call, cookie: string, connections: number, run: { seconds: number } | { amount: number }) {
  const latencies: number[] = [];
  const headers = {
    'accept-encoding': 'gzip, deflate, br',
    ...(s.method === 'POST' ? { 'content-type': 'application/json' } : {}),
    ...(s.loggedIn ? { cookie } : {}),
  };
  const body = s.body;
  const r = await new Promise<autocannon.Result>((ok, fail) => {
    const instance = autocannon(
      {
        url: base + s.path,
        method: s.method,
        connections,
        // PGlite answers one query at a time: a queue of 32 may wait longer than autocannon's 10 s.
        timeout: 30,
        ...('seconds' in run ? { duration: run.seconds } : { amount: run.amount }),
        headers,
        ...(typeof body === 'object' ? { body: JSON.stringify(body) } : {}),
        ...(typeof body === 'function'
          ? { requests: [{ method: s.method, path: s.path, setupRequest: (req) => ({ ...req, body: JSON.stringify(body()) }) }] }
          : {}),
        ...(s.pathFor ? { requests: [{ method: s.method, path: s.path, setupRequest: (req) => ({ ...req, path: s.pathFor!() }) }] } : {}),
      },
      (err, result) => (err ? fail(err) : ok(result)),
    );
    // Every response time is kept (bounded by the run).
    instance.on('response', (_client, _status, _bytes, ms) => {
      latencies.push(ms);
    });
  });
  latencies.sort((a, b) => a - b);
  return { r, p95: Math.round(percentile(latencies, 95) * 10) / 10, p99: Math.round(percentile(latencies, 99) * 10) / 10 };
}
