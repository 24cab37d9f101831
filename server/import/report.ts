// What an import did, told honestly: per kind of row how many came across, were left out or were
// changed on the way, each with its reason. Counts are kept for every reason; only the first
// examples of each are held (memory stays flat on a large site), and every line also goes to the
// report file as it happens.
import { createWriteStream, type WriteStream } from 'node:fs';

export type Outcome = 'imported' | 'skipped' | 'changed';

const EXAMPLES_PER_REASON = 20;

const OUTCOME_WORD: Record<Outcome, string> = { imported: '가져옴', skipped: '건너뜀', changed: '바꿔서 가져옴' };

interface Tally {
  count: number;
  examples: string[];
}

export class ImportReport {
  /** kind -> outcome -> reason -> tally; 'imported' uses the reason '' for plain rows. */
  private readonly tallies = new Map<string, Map<Outcome, Map<string, Tally>>>();
  private readonly log: WriteStream | null;
  readonly notes: string[] = [];

  constructor(logPath: string | null) {
    this.log = logPath ? createWriteStream(logPath, { flags: 'a' }) : null;
  }

  /** A row of `kind` (member, post …) with its old id, and what became of it. */
  note(kind: string, outcome: Outcome, oldId: string, reason = '') {
    let byOutcome = this.tallies.get(kind);
    if (!byOutcome) this.tallies.set(kind, (byOutcome = new Map()));
    let byReason = byOutcome.get(outcome);
    if (!byReason) byOutcome.set(outcome, (byReason = new Map()));
    let tally = byReason.get(reason);
    if (!tally) byReason.set(reason, (tally = { count: 0, examples: [] }));
    tally.count++;
    if (reason && tally.examples.length < EXAMPLES_PER_REASON) tally.examples.push(oldId);
    if (reason) this.log?.write(`${kind}\t${outcome}\t${oldId}\t${reason}\n`);
  }

  /** A remark about the whole run (an administrator not made one, a setting with no counterpart). */
  remark(text: string) {
    this.notes.push(text);
    this.log?.write(`note\t${text}\n`);
  }

  count(kind: string, outcome: Outcome): number {
    let n = 0;
    for (const t of this.tallies.get(kind)?.get(outcome)?.values() ?? []) n += t.count;
    return n;
  }

  /** Every reason given for an outcome of a kind, with its count and examples. */
  reasons(kind: string, outcome: Outcome): Array<{ reason: string; count: number; examples: string[] }> {
    return [...(this.tallies.get(kind)?.get(outcome)?.entries() ?? [])]
      .filter(([reason]) => reason !== '')
      .map(([reason, t]) => ({ reason, count: t.count, examples: t.examples }));
  }

  /** The report as text (printed at the end and written to the report file). */
  text(title: string): string {
    const out = [title, ''];
    for (const [kind, byOutcome] of this.tallies) {
      const parts = (['imported', 'changed', 'skipped'] as const).map((o) => `${OUTCOME_WORD[o]} ${this.count(kind, o).toLocaleString('ko-KR')}`);
      out.push(`[${kind}] ${parts.join(' · ')}`);
      for (const outcome of ['changed', 'skipped'] as const) {
        for (const [reason, t] of byOutcome.get(outcome) ?? []) {
          if (!reason) continue;
          const more = t.count > t.examples.length ? ` 외 ${(t.count - t.examples.length).toLocaleString('ko-KR')}건` : '';
          out.push(`  - ${OUTCOME_WORD[outcome]} ${t.count.toLocaleString('ko-KR')}: ${reason} (${t.examples.join(', ')}${more})`);
        }
      }
    }
    if (this.notes.length) {
      out.push('', '참고:');
      for (const n of this.notes) out.push(`  - ${n}`);
    }
    return out.join('\n') + '\n';
  }

  async close() {
    if (!this.log) return;
    await new Promise<void>((resolve) => this.log!.end(resolve));
  }
}
