// A small Server-Sent Events reader for tests: real HTTP to a listening app, events parsed as the
// browser does (event, data, retry; comment lines kept apart).
import { request, type IncomingMessage } from 'node:http';

export interface SseEvent {
  event: string;
  data: unknown;
}

export interface SseStream {
  status: number;
  headers: IncomingMessage['headers'];
  /** The answer's body when it is not a stream (an error). */
  body: string;
  events: SseEvent[];
  comments: string[];
  retry: number | null;
  ended: Promise<void>;
  /** The next event (after those already taken) named `name`, within ms. */
  next(name: string, withinMs?: number): Promise<SseEvent>;
  close(): void;
}

export function openSse(base: string, path: string, cookie?: string): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) } }, (res) => {
      const waiters: Array<() => void> = [];
      let taken = 0;
      let buffer = '';
      let endedResolve!: () => void;
      const stream: SseStream = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        body: '',
        events: [],
        comments: [],
        retry: null,
        ended: new Promise<void>((r) => (endedResolve = r)),
        async next(name, withinMs = 2000) {
          const started = Date.now();
          for (;;) {
            const i = stream.events.findIndex((e, n) => n >= taken && e.event === name);
            if (i >= 0) {
              taken = i + 1;
              return stream.events[i]!;
            }
            const left = withinMs - (Date.now() - started);
            if (left <= 0) throw new Error(`no "${name}" event within ${withinMs} ms`);
            await new Promise<void>((r) => {
              const timer = setTimeout(r, left);
              waiters.push(() => {
                clearTimeout(timer);
                r();
              });
            });
          }
        },
        close() {
          req.destroy();
        },
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (!String(res.headers['content-type']).startsWith('text/event-stream')) {
          stream.body += chunk;
          return;
        }
        buffer += chunk;
        let at: number;
        while ((at = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) stream.comments.push(line.slice(1).trim());
            else if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
            else if (line.startsWith('retry: ')) stream.retry = Number(line.slice(7));
          }
          if (data.length) stream.events.push({ event, data: JSON.parse(data.join('\n')) });
        }
        for (const w of waiters.splice(0)) w();
      });
      const end = () => {
        endedResolve();
        for (const w of waiters.splice(0)) w();
      };
      res.on('end', end);
      res.on('close', end);
      res.on('error', end);
      resolve(stream);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * How long a test waits for an event the server pushes. Far below the one-minute poll it replaces,
 * so an event that came by the poll fails; not a speed target (a busy machine takes seconds).
 */
export const PUSHED_WITHIN_MS = 10_000;
