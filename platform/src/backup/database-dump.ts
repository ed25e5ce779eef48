import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';

/**
 * The application database in and out with PostgreSQL's own tools: pg_dump's custom format from one
 * snapshot (the row counts of the manifest are read in that same snapshot, so a restore can check them
 * exactly), and pg_restore into an empty database.
 */

export interface DatabaseFacts {
  serverVersion: string;
  pgDumpVersion: string;
  /** The newest migration applied. */
  migrationHead: string | null;
  /** Rows per table of the public schema, as dumped. */
  tables: Record<string, number>;
}

const run = promisify(execFile);
const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** `pg_dump --version`'s major, refusing one older than the server (it cannot dump a newer server). */
async function checkedToolVersion(tool: 'pg_dump' | 'pg_restore', client: pg.Client): Promise<string> {
  const { stdout: output } = await run(tool, ['--version']);
  const toolVersion = /(\d+)(\.\d+)?/.exec(output)?.[0] ?? output.trim();
  const { rows } = await client.query<{ server_version: string; server_version_num: string }>(
    `select current_setting('server_version') as server_version, current_setting('server_version_num') as server_version_num`,
  );
  const serverMajor = Math.floor(Number(rows[0]!.server_version_num) / 10_000);
  if (Number.parseInt(toolVersion, 10) < serverMajor)
    throw new Error(
      `${tool} ${toolVersion} is older than the PostgreSQL server (${rows[0]!.server_version}): install the client tools of version ${serverMajor} or newer.`,
    );
  return toolVersion;
}

async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function tableCounts(client: pg.Client): Promise<Record<string, number>> {
  const { rows } = await client.query<{ table_name: string }>(
    `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
     order by table_name`,
  );
  const tables: Record<string, number> = {};
  for (const { table_name } of rows) {
    const counted = await client.query<{ n: string }>(`select count(*) as n from public.${quoted(table_name)}`);
    tables[table_name] = Number(counted.rows[0]!.n);
  }
  return tables;
}

async function migrationHead(client: pg.Client, tables: Record<string, number>): Promise<string | null> {
  if (!('mikro_orm_migrations' in tables)) return null;
  const { rows } = await client.query<{ name: string }>(
    'select name from mikro_orm_migrations order by executed_at desc, id desc limit 1',
  );
  return rows[0]?.name ?? null;
}

/** Dumps the database into `into` (custom format) and answers what the manifest records of it. */
export async function dumpDatabase(
  databaseUrl: string,
  into: (dump: Readable) => Promise<void>,
): Promise<DatabaseFacts> {
  return withClient(databaseUrl, async (client) => {
    const pgDumpVersion = await checkedToolVersion('pg_dump', client);
    // One snapshot for the counts and the dump: pg_dump reads what this transaction sees.
    await client.query('begin isolation level repeatable read read only');
    try {
      const { rows } = await client.query<{ snapshot: string; server_version: string }>(
        `select pg_export_snapshot() as snapshot, current_setting('server_version') as server_version`,
      );
      const tables = await tableCounts(client);
      const dump = spawn(
        'pg_dump',
        [
          '--format=custom',
          '--no-owner',
          '--no-privileges',
          `--snapshot=${rows[0]!.snapshot}`,
          `--dbname=${databaseUrl}`,
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      const finished = collectExit(dump);
      await Promise.all([into(dump.stdout), finished]);
      return {
        serverVersion: rows[0]!.server_version,
        pgDumpVersion,
        migrationHead: await migrationHead(client, tables),
        tables,
      };
    } finally {
      await client.query('rollback');
    }
  });
}

/** Resolves when the process ends well; its stderr names the problem when it does not. */
function collectExit(child: ReturnType<typeof spawn>): Promise<void> {
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${child.spawnfile} failed (${code}): ${stderr.trim()}`)),
    );
  });
}

/** The database's tables, to refuse restoring over anything (an empty database has none). */
export function databaseTables(databaseUrl: string): Promise<Record<string, number>> {
  return withClient(databaseUrl, tableCounts);
}

/** Restores a custom-format dump (streamed in) into the empty database; stops at the first error. */
export async function restoreDatabase(databaseUrl: string, dump: Readable): Promise<void> {
  await withClient(databaseUrl, (client) => checkedToolVersion('pg_restore', client));
  const restore = spawn(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${databaseUrl}`],
    { stdio: ['pipe', 'ignore', 'pipe'] },
  );
  await Promise.all([pipeline(dump, restore.stdin as Writable), collectExit(restore)]);
}
