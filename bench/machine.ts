// Is the machine quiet enough to measure? Both bench runners refuse to record figures when the
// 1-minute load average is above the core count or another process keeps a core more than 20 %
// busy, unless BENCH_FORCE=1 (the figures are then recorded with `forced: true`).
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

export interface BusyProcess {
  pid: number;
  name: string;
  cpuPercent: number;
}

export interface MachineState {
  cores: number;
  load1: number;
  busy: BusyProcess[];
  quiet: boolean;
}

const BUSY_PERCENT = 20;
const TICKS_PER_SECOND = 100;

/** CPU ticks (user + system) of every process, from /proc (Linux); empty elsewhere. */
function cpuTicks(): Map<number, { name: string; ticks: number }> {
  const out = new Map<number, { name: string; ticks: number }>();
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return out;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // The command name is in parentheses and may hold spaces; the fields follow the last ')'.
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(pid), { name, ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

/** Processes other than this one (and its children) using more than 20 % of a core over one second. */
export async function busyProcesses(sampleMs = 1000): Promise<BusyProcess[]> {
  const first = cpuTicks();
  await new Promise((r) => setTimeout(r, sampleMs));
  const second = cpuTicks();
  const busy: BusyProcess[] = [];
  for (const [pid, now] of second) {
    const before = first.get(pid);
    if (!before || pid === process.pid) continue;
    const cpuPercent = Math.round(((now.ticks - before.ticks) / TICKS_PER_SECOND / (sampleMs / 1000)) * 100);
    if (cpuPercent > BUSY_PERCENT) busy.push({ pid, name: now.name, cpuPercent });
  }
  return busy.sort((a, b) => b.cpuPercent - a.cpuPercent);
}

export async function machineState(): Promise<MachineState> {
  const cores = cpus().length;
  const load1 = Math.round(loadavg()[0]! * 100) / 100;
  const busy = await busyProcesses();
  return { cores, load1, busy, quiet: load1 <= cores && busy.length === 0 };
}

export const describeMachine = (m: MachineState) =>
  `load average ${m.load1} on ${m.cores} cores` +
  (m.busy.length ? `; busy: ${m.busy.map((p) => `${p.name} (pid ${p.pid}) ${p.cpuPercent} %`).join(', ')}` : '');

/**
 * Before a run: on a busy machine, stop with the reason unless BENCH_FORCE=1. Returns the state
 * and whether the run was forced, both kept with the results.
 */
export async function requireQuietMachine(force = process.env.BENCH_FORCE === '1'): Promise<{ machine: MachineState; forced: boolean }> {
  const machine = await machineState();
  if (machine.quiet) {
    console.log(`machine is quiet: ${describeMachine(machine)}`);
    return { machine, forced: false };
  }
  if (!force) {
    throw new Error(
      `the machine is busy (${describeMachine(machine)}): figures taken now would not be comparable, so none are recorded. ` +
        'Wait for a quiet machine, or set BENCH_FORCE=1 to measure anyway (the results are then marked forced).',
    );
  }
  console.warn(`BENCH_FORCE=1: measuring on a busy machine (${describeMachine(machine)}); the results are marked forced`);
  return { machine, forced: true };
}

/** The 1-minute load average now, for printing beside each figure. */
export const loadNow = () => Math.round(loadavg()[0]! * 10) / 10;
