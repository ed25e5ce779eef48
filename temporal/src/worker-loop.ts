import { NativeConnection, TransportError, type NativeConnectionOptions, type Worker } from '@temporalio/worker';

export interface WorkerLoopOptions {
  /** Address, and TLS or API key for a cluster that needs them (temporalConnectionOptions). */
  connection: NativeConnectionOptions;
  create: (connection: NativeConnection) => Promise<Worker>;
  log: (message: string, error?: unknown) => void;
  /** Called once each worker runs (the process prints "ready"). */
  onRunning?: (worker: Worker) => void;
  /** First and longest wait between two tries. */
  backoffMs?: { initial: number; max: number };
}

const transientMessages =
  /transport|unavailable|could not be described|connect|keepalive|deadline|timed? ?out|broken pipe|reset/i;

/**
 * True for what an unreachable or paused Temporal server throws (connect, namespace check, a poll that
 * gave up): the next try may well succeed. Anything else (a broken workflow bundle, a bug) is fatal.
 */
export function isTransientWorkerError(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    if (current instanceof TransportError) return true;
    if (transientMessages.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

/**
 * Runs a worker until it is shut down, riding out a Temporal server that is away: the SDK's polls retry
 * on their own; what escapes them (the connection, the namespace check, a worker that stops on a
 * transport error) is caught here, and the worker is made again on a fresh connection with capped
 * back-off. Only a fatal error ends the loop (the caller exits and the supervisor restarts the process).
 */
export class WorkerLoop {
  private worker: Worker | undefined;
  private stopping = false;

  constructor(private readonly options: WorkerLoopOptions) {}

  /** Graceful shutdown: running activities get the worker's grace time; no new worker is made. */
  shutdown(): void {
    this.stopping = true;
    if (this.worker?.getState() === 'RUNNING') this.worker.shutdown();
  }

  async run(): Promise<void> {
    const { initial, max } = this.options.backoffMs ?? { initial: 1_000, max: 30_000 };
    let wait = initial;
    while (!this.stopping) {
      let connection: NativeConnection | undefined;
      try {
        connection = await NativeConnection.connect(this.options.connection);
        this.worker = await this.options.create(connection);
        if (this.stopping) return;
        const running = this.worker.run();
        this.options.onRunning?.(this.worker);
        wait = initial;
        await running;
        if (this.stopping) return;
        this.options.log('The worker stopped although nobody asked it to; starting it again.');
      } catch (error) {
        if (this.stopping) return;
        if (!isTransientWorkerError(error)) throw error;
        this.options.log(`Temporal is not reachable; trying again in ${Math.round(wait / 1000)} s.`, error);
      } finally {
        this.worker = undefined;
        await connection?.close().catch(() => {});
      }
      await new Promise((resolve) => setTimeout(resolve, wait));
      wait = Math.min(wait * 2, max);
    }
  }
}
