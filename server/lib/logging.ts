// Log output. Operators' service managers and collectors (systemd, docker) get one JSON line per
// entry, a line per request included. In a terminal (LOG_FORMAT=pretty, the default when stdout is
// one) the lines are readable and the two lines of every request move to debug, so the first
// start's administrator password is not buried under them; a failed request still logs an error.
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino, { type DestinationStream, type LoggerOptions } from 'pino';
import type { Config } from '../config.js';
import { readerGone, terminalGone } from './terminal.js';

type LogConfig = Pick<Config, 'logLevel' | 'logFormat'>;

const PRETTY = { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } };

export function loggerOptions(config: LogConfig): LoggerOptions {
  if (config.logFormat === 'json') return { level: config.logLevel };
  return { level: config.logLevel, transport: PRETTY };
}

/**
 * The running server's log (main.ts), one destination for its own lines and Fastify's: stdout
 * directly (JSON) or through pino-pretty in a worker thread. Once the terminal has gone away
 * (lib/terminal.ts) nobody can read the log, and writing it must not stop the stop: pino leaves
 * EIO unhandled (an uncaught exception, only EPIPE is handled); pino-pretty's worker ends on it
 * unseen by the main thread, whose flush at exit then waits 10 s for the dead worker's answer;
 * and sonic-boom's flush at exit retries a failing write forever. So the log is dropped then.
 */
export function logDestination(config: LogConfig): DestinationStream {
  const stream = config.logFormat === 'json' ? pino.destination({ dest: 1 }) : pino.transport(PRETTY);
  const drop = () => {
    const dropped = stream as unknown as { write(): boolean; flushSync(): void; end(): void };
    dropped.write = () => true;
    dropped.flushSync = () => {};
    dropped.end = () => {};
  };
  stream.on('error', (err: unknown) => {
    // The worker's end arrives without the write's error code.
    if (!readerGone(err) && !terminalGone()) throw err;
    drop();
  });
  // Before pino's own exit listener, which flushes.
  process.prependListener('exit', () => {
    if (terminalGone()) drop();
  });
  return stream;
}

/** Fastify's "incoming request" and "request completed" at debug instead of info. */
class RequestsAtDebug extends LogController {
  override incomingRequest(request: FastifyRequest) {
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** Fastify's default (a line per request at info) for JSON; requests at debug in a terminal. */
export function requestLogs(config: LogConfig): LogController | undefined {
  return config.logFormat === 'pretty' ? new RequestsAtDebug() : undefined;
}

/** The generated administrator password, framed so that nobody scrolling past can miss it. */
export function adminPasswordBanner(userId: string, password: string, setupUrl?: string): string {
  const lines = ['관리자 계정을 만들었습니다.', '', `  아이디     ${userId}`, `  임시 암호  ${password}`, '', '로그인 후 바로 바꾸세요. 이 암호는 다시 표시되지 않습니다.'];
  // Administrators need a second step (decision 42): the one-time link that leads to its set-up (decision 49).
  if (setupUrl) lines.push('', '관리자 기능은 2단계 인증을 마친 뒤 쓸 수 있습니다. 아래 링크는 한 번만, 24시간 안에', '쓸 수 있습니다. 열면 로그인되고 새 암호와 2단계 인증 설정으로 이어집니다:', `  ${setupUrl}`);
  const rule = '━'.repeat(64);
  return ['', `┏${rule}`, ...lines.map((l) => `┃ ${l}`), `┗${rule}`, ''].join('\n') + '\n';
}
