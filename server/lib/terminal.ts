// The terminal the server was started in goes away (ssh drops, the window closes): the kernel hangs
// it up and sends SIGHUP, which stops the server as SIGTERM does (main.ts). From then on every
// write to the terminal fails with EIO, and that must neither crash nor block the stop:
// - process.stdout/stderr: an unhandled EIO 'error' is an uncaught exception, which ends a stop
//   half-way (close-with-grace exits at once on an error during the stop);
// - at exit Node (20) puts the terminal's settings back with tcsetattr and aborts on anything but
//   EPERM; on a hung-up terminal that abort itself crashes (the isolate is gone) into a SIGSEGV loop
//   at 100 % CPU, and the process never ends (fixed in later Node releases, nodejs/node#58200).
//   Node skips descriptors that no longer refer to the file they did at start, so the exit puts
//   /dev/null in place of those on the dead terminal first (what nohup would have given);
// - the log's own destination: lib/logging.ts.
import { closeSync, openSync } from 'node:fs';
import { isatty } from 'node:tty';

/** stdin, stdout and stderr that were on a terminal when the process started. */
const onTerminal = [0, 1, 2].filter((fd) => isatty(fd));

/** Whether the terminal the process started on has been hung up (a hung-up one fails isatty). */
export function terminalGone(): boolean {
  return onTerminal.some((fd) => !isatty(fd));
}

/** Whether a write failed because nobody reads any more: a hung-up terminal or a closed pipe. */
export function readerGone(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'EPIPE' || (code === 'EIO' && terminalGone());
}

/** Points the standard descriptors that were on the now dead terminal at /dev/null. */
function detachFromDeadTerminal() {
  for (const fd of onTerminal) {
    if (isatty(fd)) continue;
    // No dup2 in Node: the lowest free descriptor is the one just closed. Should another thread
    // open a file in between, that file takes it and /dev/null is not needed (Node skips it too).
    try {
      closeSync(fd);
    } catch {
      // closed already
    }
    const opened = openSync('/dev/null', 'r+');
    if (opened !== fd) closeSync(opened);
  }
}

/** Once, first thing: the process can outlive its terminal (see above). */
export function outliveTerminal() {
  if (onTerminal.length === 0) return;
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (err) => {
      if (!readerGone(err)) throw err;
    });
  }
  // First of the exit listeners: pino's flushes at exit write to stdout as well.
  process.prependListener('exit', detachFromDeadTerminal);
}
