// A stage's progress on the operator's terminal: rows done of the total, rows a second and the
// time left. On a terminal the line is redrawn in place; elsewhere (a log) a line every 10 s.
export interface ProgressSink {
  write(text: string): void;
  tty: boolean;
}

export const silentProgress: ProgressSink = { write: () => {}, tty: false };
export const terminalProgress = (): ProgressSink => ({ write: (t) => process.stdout.write(t), tty: process.stdout.isTTY === true });

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}초`;
  if (s < 3600) return `${Math.floor(s / 60)}분 ${s % 60}초`;
  return `${Math.floor(s / 3600)}시간 ${Math.floor((s % 3600) / 60)}분`;
}

export class StageProgress {
  private done = 0;
  private readonly started = Date.now();
  private lastDrawn = 0;

  constructor(
    private readonly sink: ProgressSink,
    private readonly label: string,
    private readonly total: number,
  ) {}

  add(n: number) {
    this.done += n;
    const now = Date.now();
    if (now - this.lastDrawn < (this.sink.tty ? 200 : 10_000)) return;
    this.lastDrawn = now;
    this.draw(false);
  }

  finish() {
    this.draw(true);
  }

  private draw(final: boolean) {
    const seconds = (Date.now() - this.started) / 1000;
    const rate = seconds > 0 ? this.done / seconds : 0;
    const width = 24;
    const share = this.total > 0 ? Math.min(1, this.done / this.total) : 1;
    const bar = '#'.repeat(Math.round(share * width)).padEnd(width, '.');
    const left = final ? `${duration(seconds)} 걸림` : `남은 시간 약 ${duration(rate > 0 ? (this.total - this.done) / rate : Infinity)}`;
    const line = `${this.label.padEnd(8)} [${bar}] ${this.done.toLocaleString('ko-KR')}/${this.total.toLocaleString('ko-KR')} · ${Math.round(rate).toLocaleString('ko-KR')}행/초 · ${left}`;
    this.sink.write(this.sink.tty ? `\r\x1b[2K${line}${final ? '\n' : ''}` : `${line}\n`);
  }
}
