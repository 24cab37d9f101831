// What a Redis outage does to a running site, measured: the server (REDIS_URL set, rate limits on)
// under a steady load of logins, posts and letters while its Redis runs, is stopped, and is
// started again. A private redis-server on a free port stands in for the shared one, so nothing
// else on the machine is disturbed. Usage: npx tsx bench/faults-redis.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRedis } from '../server/test/redis-server.js';
import { proofHeadersAt, RULES_OFF, saveSpamRulesAsNewAdmin } from '../server/test/spam-proof.js';
import { freePort, sleep, startFromSources, stop, waitForHealth } from './server.js';

const PHASE_S = 10;
const WRITERS = 4;
const LOGIN_WORKERS = 4;

type Kind = 'login (new account)' | 'login (one target account)' | 'post' | 'letter';
interface Sample {
  kind: Kind;
  status: number;
  ms: number;
}

async function main() {
  const [l1] = loadavg();
  console.log(`load average before the run: ${l1!.toFixed(2)} (cores: 2)`);
  const redis = await startRedis();
  const dataDir = mkdtempSync(join(tmpdir(), 'chalkak-faults-redis-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const { child, output } = startFromSources({
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_SECRET: 'b'.repeat(64),
    ADMIN_PASSWORD: 'faults-admin-1',
    REDIS_URL: redis.url,
    // Each simulated member gets its own address, as behind a real proxy.
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'info',
  });

  let addr = 0;
  const freshIp = () => `10.${(++addr >> 16) & 255}.${(addr >> 8) & 255}.${addr & 255}`;
  const send = async (path: string, body: string, headers: Record<string, string>) => {
    const started = performance.now();
    try {
      const res = await fetch(base + path, {
        method: 'POST',
        headers: { origin: base, 'x-forwarded-for': freshIp(), ...headers },
        body,
        signal: AbortSignal.timeout(30_000),
      });
      const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      await res.text();
      return { status: res.status, ms: performance.now() - started, cookie };
    } catch {
      return { status: 0, ms: performance.now() - started, cookie: '' };
    }
  };
  const json = (path: string, body: object, cookie = '') =>
    send(path, JSON.stringify(body), { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) });
  const form = (path: string, body: Record<string, string>) =>
    send(path, new URLSearchParams(body).toString(), { 'content-type': 'application/x-www-form-urlencoded' });

  try {
    await waitForHealth(base, child, 90);
    // The writers are minutes old: the new-member rules (docs/product/spam.md) would limit what
    // this measures, so they are off; each sign-up still solves its challenge.
    await saveSpamRulesAsNewAdmin(base, 'faults-admin-1', RULES_OFF);
    // Members who write: sign up and log in.
    const writers: { userId: string; cookie: string }[] = [];
    for (let i = 0; i < WRITERS + 1; i++) {
      const userId = `writer_${i}`;
      const joined = await send('/api/public/join', JSON.stringify({
        userId,
        password: 'writer-pass-1',
        rePassword: 'writer-pass-1',
        nickName: `작성자${i}`,
        email: `${userId}@example.com`,
        question: '첫 카메라는?',
        answer: 'FM2',
        agree: 'Y',
      }), { 'content-type': 'application/json', ...(await proofHeadersAt(base, 'join')) });
      if (joined.status !== 200) throw new Error(`sign-up failed: ${joined.status}`);
      const login = await form('/api/login/do', { userId, password: 'writer-pass-1' });
      if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
      writers.push({ userId, cookie: login.cookie });
    }
    const receiver = writers.pop()!;

    let samples: Sample[] = [];
    let running = true;
    let n = 0;
    const loginWorker = async (w: number) => {
      while (running) {
        // Guessing one account from ever new addresses: only the per-account limit stands in the way.
        const target = await form('/api/login/do', { userId: 'target_account', password: `guess-${w}-${++n}` });
        samples.push({ kind: 'login (one target account)', ...target });
        const other = await form('/api/login/do', { userId: `nobody_${w}_${++n}`, password: 'wrong-password' });
        samples.push({ kind: 'login (new account)', ...other });
      }
    };
    const writer = async (m: { cookie: string }) => {
      while (running) {
        const saved = await json('/api/board/save', { boardId: 'free', category: 'c1', subject: `측정 ${++n}`, content: '<p>본문</p>' }, m.cookie);
        samples.push({ kind: 'post', ...saved });
        const letter = await json('/api/letter/send/save', { receiver: receiver.userId, subject: '측정', content: '본문' }, m.cookie);
        samples.push({ kind: 'letter', ...letter });
        await sleep(200);
      }
    };

    const phases: [string, () => Promise<void>][] = [
      ['Redis up', async () => {}],
      ['Redis stopped', () => redis.stop()],
      ['Redis started again', () => redis.start()],
    ];
    const workers = [
      ...Array.from({ length: LOGIN_WORKERS }, (_, w) => loginWorker(w)),
      ...writers.map((m) => writer(m)),
    ];
    const rows: string[] = [];
    for (const [name, change] of phases) {
      await change();
      samples = [];
      const started = performance.now();
      await sleep(PHASE_S * 1000);
      const seconds = (performance.now() - started) / 1000;
      const taken = samples;
      for (const kind of ['login (new account)', 'login (one target account)', 'post', 'letter'] as Kind[]) {
        const s = taken.filter((x) => x.kind === kind);
        const ms = s.map((x) => x.ms).sort((a, b) => a - b);
        const at = (q: number) => (ms.length ? ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!.toFixed(0) : '-');
        const statuses = new Map<number, number>();
        for (const x of s) statuses.set(x.status, (statuses.get(x.status) ?? 0) + 1);
        const answers = [...statuses].sort(([a], [b]) => a - b).map(([k, v]) => `${k === 0 ? 'no answer' : k}: ${v}`).join(', ');
        rows.push(`| ${name} | ${kind} | ${(s.length / seconds).toFixed(0)} | ${at(0.5)} | ${at(0.99)} | ${ms.length ? ms.at(-1)!.toFixed(0) : '-'} | ${answers} |`);
      }
    }
    running = false;
    await Promise.all(workers);

    console.log(
      `\n${LOGIN_WORKERS} workers alternating a wrong password on one target account and on a new account (each from a new address),` +
        ` ${WRITERS} members each saving a post and sending a letter every 0.2 s; ${PHASE_S} s per phase.\n`,
    );
    console.log('| phase | call | calls/s | p50 ms | p99 ms | max ms | answers |');
    console.log('|---|---|---|---|---|---|---|');
    for (const r of rows) console.log(r);
    const lines = output().split('\n');
    const count = (text: string) => lines.filter((l) => l.includes(text)).length;
    console.log(`\nlog lines: "Redis unavailable" ${count('Redis unavailable')}, "Redis available again" ${count('Redis available again')},` +
      ` "Unhandled error event" ${count('Unhandled error event')}; server alive: ${child.exitCode === null ? 'yes' : 'NO'}`);
    const [after] = loadavg();
    console.log(`load average after the run: ${after!.toFixed(2)}`);
  } catch (e) {
    console.error(output());
    throw e;
  } finally {
    await stop(child);
    await redis.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
