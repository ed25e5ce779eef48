import pg from 'pg';

function splitDatabaseUrl(databaseUrl: string): { adminUrl: string; name: string } {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new Error(`Unsupported database name in DATABASE_URL: "${name}"`);
  url.pathname = '/postgres';
  return { adminUrl: url.toString(), name };
}

async function withAdminClient<T>(databaseUrl: string, work: (client: pg.Client, name: string) => Promise<T>) {
  const { adminUrl, name } = splitDatabaseUrl(databaseUrl);
  const client = new pg.Client({ connectionString: adminUrl });
  client.on('error', () => {}); // a server going away mid-check fails the query; it must not end the process
  await client.connect();
  try {
    return await work(client, name);
  } finally {
    await client.end();
  }
}

/** Creates the database named in the URL when the server does not have it yet. */
export function ensureDatabaseExists(databaseUrl: string): Promise<void> {
  return withAdminClient(databaseUrl, async (client, name) => {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name}"`);
  });
}

export function dropDatabase(databaseUrl: string): Promise<void> {
  return withAdminClient(databaseUrl, async (client, name) => {
    await client.query(`drop database if exists "${name}" with (force)`);
  });
}

export async function isPostgresReachable(databaseUrl: string): Promise<boolean> {
  try {
    await withAdminClient(databaseUrl, async (client) => client.query('select 1'));
    return true;
  } catch {
    return false;
  }
}
