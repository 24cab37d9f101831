/**
 * Runs a housekeeping job now and then every hour, without keeping the process alive; a failure
 * is logged and the next hour tries again. Returns the stop function (for an onClose hook).
 */
export function everyHour(what: string, job: () => Promise<unknown>, log: { error(obj: object, msg: string): void }): () => void {
  const run = () => void job().catch((err: unknown) => log.error({ err }, `${what} failed`));
  run();
  const timer = setInterval(run, 3600_000);
  timer.unref();
  return () => clearInterval(timer);
}
