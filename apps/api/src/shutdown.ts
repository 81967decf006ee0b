/** What a process logs with: pino's logger or Fastify's. */
interface ShutdownLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** Where the signals come from: the process, or a test's stand-in. */
interface SignalSource {
  on(signal: "SIGINT" | "SIGTERM", listener: (signal: NodeJS.Signals) => void): unknown;
}

/** How long, of the grace, is kept back for closing the database pools after the work has stopped. */
const CLOSING_MARGIN_MS = 1000;

/**
 * Graceful shutdown for the API and the worker (issue 13): on SIGTERM or SIGINT, `stop` is asked to take no new
 * work and to finish what is in flight within its share of the grace (the grace less a second for closing pools),
 * and the process exits 0 when it has. If the grace runs out first the process exits 1 all the same, so a request
 * or a job that never ends cannot keep it, or its supervisor, waiting. A second signal changes nothing.
 */
export function exitGracefullyOnSignals(
  log: ShutdownLog,
  graceSeconds: number,
  stop: (workGraceMs: number) => Promise<void>,
  { signals = process, exit = (code) => process.exit(code) }: { signals?: SignalSource; exit?: (code: number) => void } = {},
): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const graceMs = graceSeconds * 1000;
    log.info({ signal, graceSeconds }, "stopping: taking no new work, finishing what is in flight");
    const deadline = setTimeout(() => {
      log.error({ graceSeconds }, "stopping: work still in flight when the grace ran out; exiting without it");
      exit(1);
    }, graceMs);
    stop(Math.max(graceMs - CLOSING_MARGIN_MS, 0)).then(
      () => {
        clearTimeout(deadline);
        log.info({}, "stopped");
        exit(0);
      },
      (error: unknown) => {
        clearTimeout(deadline);
        log.error({ err: error }, "stopping failed");
        exit(1);
      },
    );
  };
  signals.on("SIGINT", onSignal);
  signals.on("SIGTERM", onSignal);
}
