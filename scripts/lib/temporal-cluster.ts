// The production Temporal server (not the CLI dev server) on PostgreSQL for persistence and visibility,
// as docker-compose.yml runs it: built with `go install` at the version the CLI embeds, schemas set up
// with its temporal-sql-tool, one process running the frontend, history, matching and worker services.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { TEMPORAL_SERVER_VERSION } from '@turnproof/config';
import { connectTemporal } from '@turnproof/temporal';
import { createServer } from 'node:net';
import { supervise, stopProcess, waitFor, type Supervised } from './processes.ts';

const goEnv = (name: string) => execFileSync('go', ['env', name], { encoding: 'utf8' }).trim();

/** `server` and `sql` (temporal-sql-tool) of the pinned version, installed once into their own folder. */
export function temporalServerBinaries(log: (line: string) => void = console.log) {
  const dir = path.join(goEnv('GOPATH'), `temporal-server-${TEMPORAL_SERVER_VERSION}`);
  const server = path.join(dir, 'server');
  const sqlTool = path.join(dir, 'sql');
  if (!existsSync(server) || !existsSync(sqlTool)) {
    log(`Installing the Temporal server ${TEMPORAL_SERVER_VERSION} with go install (a few minutes, once)...`);
    execFileSync(
      'go',
      [
        'install',
        `go.temporal.io/server/cmd/server@${TEMPORAL_SERVER_VERSION}`,
        `go.temporal.io/server/cmd/tools/sql@${TEMPORAL_SERVER_VERSION}`,
      ],
      { env: { ...process.env, GOBIN: dir }, stdio: 'inherit' },
    );
  }
  const schemaDir = path.join(
    goEnv('GOMODCACHE'),
    `go.temporal.io/server@${TEMPORAL_SERVER_VERSION}`,
    'schema/postgresql/v12',
  );
  return { server, sqlTool, schemaDir };
}

export interface TemporalClusterOptions {
  /** The app's PostgreSQL; Temporal gets two databases of its own on the same server. */
  databaseUrl: string;
  /** Database name prefix, e.g. `temporal_chaos`: `<prefix>` and `<prefix>_visibility`. */
  databasePrefix: string;
  /** Where the generated config lives. */
  rootDir: string;
  log?: (line: string) => void;
}

/** Drops and creates Temporal's two databases and applies every versioned schema step. */
function prepareDatabases(sqlTool: string, schemaDir: string, options: TemporalClusterOptions) {
  const url = new URL(options.databaseUrl);
  const common = [
    '--plugin',
    'postgres12',
    '--ep',
    url.hostname,
    '-p',
    url.port || '5432',
    '-u',
    decodeURIComponent(url.username || 'postgres'),
    '--pw',
    decodeURIComponent(url.password),
  ];
  const run = (database: string, ...args: string[]) =>
    // Quiet unless it fails: execFileSync's error then carries the tool's output.
    execFileSync(sqlTool, [...common, '--db', database, ...args], { stdio: 'pipe' });
  for (const [database, schema] of [
    [options.databasePrefix, 'temporal'],
    [`${options.databasePrefix}_visibility`, 'visibility'],
  ] as const) {
    run(database, 'drop-database', '--force', '--defaultdb', 'postgres');
    run(database, 'create-database', '--defaultdb', 'postgres');
    run(database, 'setup-schema', '-v', '0.0');
    run(database, 'update-schema', '-d', path.join(schemaDir, schema, 'versioned'));
  }
}

/** Temporal stores membership ports as smallint: a free port below 32768 (the OS's picks are above). */
async function freeLowPort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

function serverConfig(options: TemporalClusterOptions, ports: Record<string, number>): string {
  const url = new URL(options.databaseUrl);
  const datastore = (database: string, maxConns: number) => `
      sql:
        pluginName: postgres12
        databaseName: ${database}
        connectAddr: "${url.hostname}:${url.port || '5432'}"
        connectProtocol: tcp
        user: "${decodeURIComponent(url.username || 'postgres')}"
        password: "${decodeURIComponent(url.password)}"
        maxConns: ${maxConns}
        maxIdleConns: ${maxConns}
        maxConnLifetime: 1h`;
  const service = (name: string) => `
  ${name}:
    rpc:
      grpcPort: ${ports[`${name}Grpc`]}
      membershipPort: ${ports[`${name}Membership`]}
      bindOnLocalHost: true${name === 'frontend' ? `\n      httpPort: ${ports.frontendHttp}` : ''}`;
  return `log:
  stdout: true
  level: warn
persistence:
  defaultStore: default
  visibilityStore: visibility
  numHistoryShards: 4
  datastores:
    default:${datastore(options.databasePrefix, 20)}
    visibility:${datastore(`${options.databasePrefix}_visibility`, 4)}
global:
  membership:
    maxJoinDuration: 30s
    broadcastAddress: 127.0.0.1
  metrics:
    prometheus:
      framework: tally
      timerType: histogram
      listenAddress: "127.0.0.1:${ports.metrics}"
services:${['frontend', 'history', 'matching', 'worker'].map(service).join('')}
clusterMetadata:
  enableGlobalNamespace: false
  failoverVersionIncrement: 10
  masterClusterName: active
  currentClusterName: active
  clusterInformation:
    active:
      enabled: true
      initialFailoverVersion: 1
      rpcName: frontend
      rpcAddress: "127.0.0.1:${ports.frontendGrpc}"
dcRedirectionPolicy:
  policy: noop
`;
}

export interface TemporalCluster {
  address: string;
  metricsPort: number;
  process: Supervised;
  stop(): Promise<void>;
}

/** Fresh databases, then the server; resolves once the frontend answers. Namespaces are the caller's bootstrap. */
export async function startTemporalCluster(options: TemporalClusterOptions): Promise<TemporalCluster> {
  const log = options.log ?? console.log;
  const { server, sqlTool, schemaDir } = temporalServerBinaries(log);
  prepareDatabases(sqlTool, schemaDir, options);
  const ports: Record<string, number> = {};
  for (const name of ['frontend', 'history', 'matching', 'worker']) {
    ports[`${name}Grpc`] = await freeLowPort();
    ports[`${name}Membership`] = await freeLowPort();
  }
  ports.frontendHttp = await freeLowPort();
  ports.metrics = await freeLowPort();
  const configDir = path.join(options.rootDir, 'config');
  await mkdir(configDir, { recursive: true });
  await writeFile(path.join(configDir, 'production.yaml'), serverConfig(options, ports));
  const process_ = supervise(
    'temporal-server',
    server,
    ['--root', options.rootDir, '--config', 'config', '--env', 'production', '--allow-no-auth', 'start'],
    process.env,
  );
  const address = `127.0.0.1:${ports.frontendGrpc}`;
  await waitFor(
    'the Temporal server',
    async () => {
      const { connection } = await connectTemporal({ TEMPORAL_ADDRESS: address, TEMPORAL_NAMESPACE: 'default' });
      await connection.close();
      return true;
    },
    120_000,
  );
  return { address, metricsPort: ports.metrics!, process: process_, stop: () => stopProcess(process_) };
}
