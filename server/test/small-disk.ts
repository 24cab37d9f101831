// A small file system of its own for tests that fill a disk: a tmpfs mounted directly when the run
// may mount (root, as in CI), otherwise inside a private user and mount namespace (unshare) held by
// a sleeping process, which the processes under test join through nsenter. Neither possible: the
// test fails saying so, it is never skipped.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { join } from 'node:path';

export interface SmallDisk {
  /** The mount point, as the processes started with `wrap` see it. */
  dir: string;
  /** The mount point as this process reaches it (the same as dir when mounted directly). */
  here: string;
  /** Prefix for the command of a process that must see the mount ([] when mounted directly). */
  wrap: string[];
  /** Bytes an unprivileged writer may still use. */
  freeBytes(): number;
  /** Takes all but about `leaveBytes` of the space free without it with one file (`filler`). */
  fill(leaveBytes: number): void;
  /** Removes the file fill() made. */
  free(): void;
  unmount(): void;
}

export async function mountSmallDisk(parent: string, sizeMb: number): Promise<SmallDisk> {
  const dir = mkdtempSync(join(parent, 'small-disk-'));
  let outside = dir;
  let wrap: string[] = [];
  let holder: ChildProcess | undefined;
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}M,mode=0700`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (direct) {
    holder = await namespaceHolder(dir, sizeMb).catch((e: Error) => {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(
        `this test needs a small tmpfs of its own: run it as root (mount -t tmpfs) or where unprivileged user namespaces are allowed (unshare --user --map-root-user --mount).\n` +
          `mount: ${(direct as Error).message.trim()}\nunshare: ${e.message}`,
      );
    });
    // This process reaches the namespace's files through the holder's root.
    outside = `/proc/${holder.pid}/root${dir}`;
    wrap = ['nsenter', `--target=${holder.pid}`, '--user', '--mount', '--preserve-credentials'];
  }
  const filler = join(outside, 'filler');
  const freeBytes = () => {
    const s = statfsSync(outside);
    return s.bavail * s.bsize;
  };
  return {
    dir,
    here: outside,
    wrap,
    freeBytes,
    fill(leaveBytes) {
      rmSync(filler, { force: true });
      const take = freeBytes() - leaveBytes;
      if (take > 0) execFileSync('fallocate', ['-l', String(take), filler]);
    },
    free() {
      rmSync(filler, { force: true });
    },
    unmount() {
      if (holder) holder.kill('SIGKILL');
      else execFileSync('umount', ['-l', dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A process in a new user and mount namespace that mounted the tmpfs and then sleeps. */
async function namespaceHolder(dir: string, sizeMb: number): Promise<ChildProcess> {
  const child = spawn(
    'unshare',
    ['--user', '--map-root-user', '--mount', 'sh', '-c', `mount -t tmpfs -o size=${sizeMb}M tmpfs "$0" && echo mounted && exec sleep 86400`, dir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.unref();
  let out = '';
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.stderr!.on('data', (d) => (out += d));
    child.stdout!.on('data', (d) => (String(d).includes('mounted') ? resolve(child) : undefined));
    child.once('exit', (code) => reject(new Error(`exit ${code}: ${out.trim()}`)));
  });
}
