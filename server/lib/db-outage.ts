// A database outage is logged twice: once when the first call is refused for it (with the cause),
// once when the database answers again (with how long it lasted and how many calls were refused).
// A line with a stack for every refused call filled the log by tens of MB a minute.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';

/** How often a node in an outage asks the database whether it is back. */
const PROBE_EVERY_MS = 1000;

export interface OutageLog {
  /** A call was answered 503 because the database could not be reached. */
  refused(err: unknown): void;
  /** Stops probing; an outage still going on is logged with its count so far. */
  close(): void;
}

export function createOutageLog(db: Db, log: FastifyBaseLogger): OutageLog {
  let since = 0;
  let refused = 0;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const seconds = () => Math.round((Date.now() - since) / 100) / 10;

  const probe = async () => {
    try {
      await db.execute(sql`select 1`);
    } catch {
      if (!closed) timer = setTimeout(() => void probe(), PROBE_EVERY_MS).unref();
      return;
    }
    if (closed || !since) return;
    log.warn({ refused, seconds: seconds() }, `database available again after ${seconds()} s; ${refused} calls were answered 503 meanwhile`);
    since = 0;
    refused = 0;
  };

  return {
    refused(err) {
      refused++;
      if (since || closed) return;
      since = Date.now();
      log.error({ err }, 'database unavailable: calls that need it answer 503 until it returns');
      timer = setTimeout(() => void probe(), PROBE_EVERY_MS).unref();
    },
    close() {
      closed = true;
      clearTimeout(timer);
      if (since) log.warn({ refused, seconds: seconds() }, `stopping while the database is unavailable (${seconds()} s; ${refused} calls answered 503)`);
    },
  };
}
