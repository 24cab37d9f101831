// A real SMTP server in the test process (the `smtp-server` package): the app's mails arrive over
// SMTP and are read back with mailparser, headers and both parts. It can refuse for a while (a
// server that is down) and can keep each message as a .eml file (the browser tests' server runs
// in another process and reads them from there).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Map<string, unknown>;
  /** The raw message as it arrived. */
  raw: string;
  parsed: ParsedMail;
}

export interface TestSmtp {
  url: string;
  port: number;
  mails: ReceivedMail[];
  /** While true every message is refused with a temporary error (451). */
  down: boolean;
  /** Resolves when `n` mails have arrived in all (or rejects after `ms`). */
  waitFor(n: number, ms?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export async function startSmtp(opts: { dir?: string; user?: string; pass?: string } = {}): Promise<TestSmtp> {
  const user = opts.user ?? 'chalkak';
  const pass = opts.pass ?? 'smtp-test-pass';
  if (opts.dir) mkdirSync(opts.dir, { recursive: true });
  const state: TestSmtp = {
    url: '',
    port: 0,
    mails: [],
    down: false,
    async waitFor(n, ms = 10_000) {
      const until = Date.now() + ms;
      while (state.mails.length < n) {
        if (Date.now() > until) throw new Error(`${state.mails.length} of ${n} mails arrived within ${ms} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return state.mails;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
  const server = new SMTPServer({
    authOptional: false,
    // Plain SMTP on loopback in tests; AUTH without TLS is allowed only here.
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === user && auth.password === pass) cb(null, { user });
      else cb(new Error('Invalid username or password'));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (state.down) {
          const err = new Error('Try again later') as Error & { responseCode: number };
          err.responseCode = 451;
          return cb(err);
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw)
          .then((parsed) => {
            const to = session.envelope.rcptTo.map((r) => r.address).join(',');
            state.mails.push({
              to,
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              headers: parsed.headers,
              raw,
              parsed,
            });
            if (opts.dir) writeFileSync(join(opts.dir, `${Date.now()}-${state.mails.length}.eml`), raw);
            cb();
          })
          .catch((err: Error) => cb(err));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  state.port = typeof address === 'object' && address ? address.port : 0;
  state.url = `smtp://${user}:${pass}@127.0.0.1:${state.port}`;
  return state;
}

/** The first link in a mail's text part that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const found = mail.text.split(/\s+/).find((w) => w.startsWith(prefix));
  if (!found) throw new Error(`no link starting with ${prefix} in: ${mail.text}`);
  return found;
}
