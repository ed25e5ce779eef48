import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Connection } from '@temporalio/client';
import { TypedSearchAttributes } from '@temporalio/common';
import { turnproofSearchAttributes } from '@turnproof/workflows';
import { findTemporalCli } from './cli.ts';

export interface DevServerOptions {
  /** host:port the front end binds, e.g. 127.0.0.1:7233. */
  address: string;
  uiPort: number;
  /** The SQLite state lives in `<dataDir>/temporal.sqlite`, so runs survive a restart. */
  dataDir: string;
  namespace: string;
  /** Receives the server's own output, one line at a time. */
  log?: (line: string) => void;
  /** No Web UI (tests). */
  headless?: boolean;
  /** Defaults to {@link findTemporalCli}. */
  cliPath?: string;
  /** Told the server's process id as soon as it is spawned, before it is ready (npm start's reaper). */
  onSpawn?: (pid: number | undefined) => void;
  readyTimeoutMs?: number;
}

export interface DevServer {
  address: string;
  /** The server's process id (tests pause it with SIGSTOP to play an unreachable Temporal). */
  pid: number | undefined;
  stop(): Promise<void>;
}

/** host and port of `host:port`, `[v6]:port` or a bare host (port 7233). */
export function parseAddress(address: string): { host: string; port: number } {
  const match = /^(?:\[(?<v6>[^\]]+)\]|(?<host>[^:]+))(?::(?<port>\d+))?$/.exec(address.trim());
  const host = match?.groups?.v6 ?? match?.groups?.host;
  if (!host) throw new Error(`Not a host:port address: ${address}`);
  return { host, port: Number(match?.groups?.port ?? 7233) };
}

/** True when something accepts TCP connections at the address (it does not prove it is Temporal). */
export function isTemporalReachable(address: string, timeoutMs = 1000): Promise<boolean> {
  const { host, port } = parseAddress(address);
  return new Promise((resolvePromise) => {
    const socket = connect({ host, port });
    const finish = (reachable: boolean) => {
      socket.destroy();
      resolvePromise(reachable);
    };
    socket.setTimeout(timeoutMs, () => finish(false));
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
  });
}

/**
 * Runs `temporal server start-dev` as a child of this process and resolves once the namespace
 * answers. The child dies with this process.
 */
export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const { address, namespace, log = () => {} } = options;
  const { host, port } = parseAddress(address);
  if (await isTemporalReachable(address)) {
    throw new Error(`Cannot start the Temporal dev server: ${address} is already in use`);
  }
  const cli = options.cliPath ?? (await findTemporalCli(log));
  const dataDir = resolve(options.dataDir);
  await mkdir(dataDir, { recursive: true });

  const args = [
    'server',
    'start-dev',
    ...['--ip', host, '--port', String(port)],
    ...(options.headless ? ['--headless'] : ['--ui-port', String(options.uiPort)]),
    ...['--db-filename', join(dataDir, 'temporal.sqlite')],
    ...['--namespace', namespace],
    // Only applied when the database is new; registerSearchAttributes covers existing ones.
    ...turnproofSearchAttributes.flatMap((key) => [
      '--search-attribute',
      `${key.name}=${TypedSearchAttributes.toMetadataType(key.type)}`,
    ]),
  ];
  // Its own process group: a terminal's Ctrl-C reaches our process, which stops the server last.
  const child = spawn(cli, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  options.onSpawn?.(child.pid);
  const recent: string[] = [];
  let stopping = false;
  const onOutput = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      recent.push(line);
      if (recent.length > 40) recent.shift();
      // Its shutdown is a burst of connection warnings that mean nothing.
      if (!stopping) log(line);
    }
  };
  child.stdout?.on('data', onOutput);
  child.stderr?.on('data', onOutput);
  const exited = new Promise<string>((resolveExit) => {
    child.once('exit', (code, signal) => resolveExit(signal ?? `exit code ${code}`));
    child.once('error', (error) => resolveExit(error.message));
  });
  const releaseOnParentExit = killWithParent(child);

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return releaseOnParentExit();
    stopping = true;
    child.kill('SIGTERM');
    const forced = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(forced);
    releaseOnParentExit();
  };

  try {
    await waitUntilReady(address, namespace, exited, options.readyTimeoutMs ?? 90_000);
  } catch (error) {
    await stop();
    const output = recent.length ? `\n${recent.join('\n')}` : '';
    throw new Error(`${(error as Error).message}${output}`, { cause: error });
  }
  return { address, pid: child.pid, stop };
}

async function waitUntilReady(
  address: string,
  namespace: string,
  exited: Promise<string>,
  timeoutMs: number,
): Promise<void> {
  let exitReason: string | undefined;
  void exited.then((reason) => (exitReason = reason));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exitReason) throw new Error(`The Temporal dev server exited during start-up (${exitReason})`);
    if (await isTemporalReachable(address, 500)) {
      const answered = await describeNamespace(address, namespace);
      if (answered) return;
    }
    await sleep(250);
  }
  throw new Error(`The Temporal dev server did not answer on ${address} within ${timeoutMs / 1000}s`);
}

async function describeNamespace(address: string, namespace: string): Promise<boolean> {
  let connection: Connection | undefined;
  try {
    connection = await Connection.connect({ address, connectTimeout: 2000 });
    const client = connection;
    await client.withDeadline(Date.now() + 2000, () => client.workflowService.describeNamespace({ namespace }));
    return true;
  } catch {
    return false;
  } finally {
    await connection?.close();
  }
}

/**
 * Best effort to never leave an orphaned server: kill it when this process exits, and when a signal
 * arrives that nobody else handles (Node would then die without running exit handlers). A process
 * that handles the signal itself is expected to call stop(). Returns the function removing the hooks.
 */
function killWithParent(child: ChildProcess): () => void {
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  const onExit = () => child.kill('SIGTERM');
  const onSignal = (signal: NodeJS.Signals) => {
    if (process.listenerCount(signal) > 1) return;
    child.kill('SIGTERM');
    release();
    process.kill(process.pid, signal);
  };
  const release = () => {
    process.off('exit', onExit);
    for (const signal of signals) process.off(signal, onSignal);
  };
  process.once('exit', onExit);
  for (const signal of signals) process.on(signal, onSignal);
  return release;
}
