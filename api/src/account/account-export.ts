import type { EntityManager } from '@mikro-orm/postgresql';
import type { MediaStorage } from '@turnproof/platform/media-storage';
import { formatDateTime } from '@turnproof/config/time-format';
import { ownerTimeZone } from '@turnproof/db';
import { type ZipEntry, zipStream } from '../zip/zip-stream.ts';

/** Ids of the owner's runs and checklists; every `?` in these queries is the owner's id. */
const ownRuns = `(select r.id from runs r join properties p on p.id = r.property_id where p.owner_id = ?)`;
const ownChecklists = `(select c.id from checklists c join properties p on p.id = c.property_id where p.owner_id = ?)`;

/**
 * A list of the owner's rows, read in pages in the order of `key` (columns that end with a unique one);
 * every `?` in `where` is the owner's id.
 */
interface OwnedList {
  from: string;
  where: string;
  key: string[];
  select: string;
}

/**
 * Whole rows as JSON text, minus the named columns. Text, not jsonb: the driver would parse each of a
 * million rows into objects only for them to be serialized again.
 */
const rows = (file: string, table: string, where: string, key: string[], omit: string[] = []) => ({
  file,
  list: {
    from: `${table} t`,
    where,
    key: key.map((column) => `t.${column}`),
    select: `(to_jsonb(t)${omit.map((column) => ` - '${column}'`).join('')})::text as data`,
  },
});

/**
 * One JSON file per table, each holding every row of the owner's as stored, minus the secrets
 * (password hash, token hashes, encrypted links) and the report HTML (the PDFs are in the archive).
 */
const TABLE_EXPORTS = [
  rows('account.json', 'users', 't.id = ?', ['id'], ['password_hash']),
  rows('profile.json', 'profiles', 't.user_id = ?', ['user_id']),
  rows('preferences.json', 'user_preferences', 't.user_id = ?', ['user_id']),
  rows('onboarding-progress.json', 'user_onboarding_progress', 't.user_id = ?', ['id']),
  rows('activity.json', 'user_activity', 't.user_id = ?', ['created_at', 'id']),
  rows('billing-account.json', 'billing_accounts', 't.user_id = ?', ['user_id']),
  rows('billing-subscriptions.json', 'billing_subscriptions', 't.user_id = ?', ['id']),
  rows('promo-redemptions.json', 'promo_redemptions', 't.org_id = ?', ['id']),
  rows('report-credits.json', 'report_credits', 't.org_id = ?', ['id']),
  rows('properties.json', 'properties', 't.owner_id = ?', ['created_at', 'id']),
  rows('checklists.json', 'checklists', `t.id in ${ownChecklists}`, ['created_at', 'id']),
  rows('tasks.json', 'tasks', `t.checklist_id in ${ownChecklists}`, ['checklist_id', 'order_index', 'id']),
  rows('templates.json', 'inspection_templates', 't.created_by_id = ?', ['id']),
  rows(
    'team-members.json',
    'team_members',
    't.owner_id = ?',
    ['id'],
    ['invite_token_hash', 'schedule_token_hash', 'schedule_link_encrypted'],
  ),
  rows('runs.json', 'runs', `t.id in ${ownRuns}`, ['created_at', 'id'], ['token_hash', 'link_encrypted']),
  rows('run-tasks.json', 'run_tasks', `t.run_id in ${ownRuns}`, ['run_id', 'order_index', 'id']),
  rows('media.json', 'media', `t.run_id in ${ownRuns}`, ['created_at', 'id']),
  rows('alerts.json', 'alerts', `t.run_id in ${ownRuns}`, ['created_at', 'id']),
  rows('reports.json', 'reports', `t.run_id in ${ownRuns}`, ['run_id', 'version', 'id'], ['html_content']),
  rows('pay-rates.json', 'pay_rates', 't.team_member_id in (select id from team_members where owner_id = ?)', ['id']),
  rows('pay-statements.json', 'pay_statements', 't.owner_id = ?', ['created_at', 'id']),
  rows(
    'pay-statement-lines.json',
    'pay_statement_lines',
    't.statement_id in (select id from pay_statements where owner_id = ?)',
    ['statement_id', 'order_index', 'id'],
  ),
];

const REPORT_FILES: OwnedList = {
  from: 'reports rp join runs r on r.id = rp.run_id join properties p on p.id = r.property_id',
  where: `p.owner_id = ? and rp.status = 'ready' and rp.file_path is not null`,
  key: ['rp.run_id', 'rp.version'],
  select: 'rp.file_path, rp.run_id, rp.version, p.name as property',
};

const MEDIA_FILES: OwnedList = {
  from: 'media m',
  where: `m.status = 'confirmed' and m.run_id in ${ownRuns}`,
  key: ['m.created_at', 'm.id'],
  select: 'm.path',
};

/** The owner's id once for every placeholder of the query. */
const ownerParams = (sql: string, ownerId: string) => Array<string>(sql.split('?').length - 1).fill(ownerId);

/** A name that is safe inside a ZIP on every system. */
const safeName = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9.]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase() || 'file';

export const exportFileName = (now = new Date()) => `turnproof-export-${now.toISOString().slice(0, 10)}.zip`;

type Connection = ReturnType<EntityManager['getConnection']>;

/**
 * Rows per query. Each page is a short query of its own, after the last row's key: no connection is
 * held between pages, however slowly the archive is read.
 */
const PAGE_ROWS = 500;

/** Rows gathered into one chunk of a JSON file: a million small writes would cost more than the rows. */
const CHUNK_CHARS = 64 * 1024;

/** Every row of an owned list, a page at a time, as the archive asks for them. */
async function* ownedRows<T>(db: Connection, list: OwnedList, ownerId: string): AsyncGenerator<T> {
  const keys = list.key.map((column, index) => `${column}::text as key_${index}`).join(', ');
  const order = list.key.join(', ');
  let after: string[] | null = null;
  for (;;) {
    // Text keys compare as their columns' types: Postgres types the parameters from the row they face.
    const next = after ? ` and (${order}) > (${list.key.map(() => '?').join(', ')})` : '';
    const page: Record<string, unknown>[] = await db.execute(
      `select ${list.select}, ${keys} from ${list.from} where ${list.where}${next} order by ${order} limit ${PAGE_ROWS}`,
      [...ownerParams(list.where, ownerId), ...(after ?? [])],
    );
    for (const row of page) yield row as T;
    const last = page.at(-1);
    if (!last || page.length < PAGE_ROWS) return;
    after = list.key.map((_, index) => String(last[`key_${index}`]));
  }
}

/** A table's rows as a JSON array, one row per line. */
async function* jsonRows(db: Connection, list: OwnedList, ownerId: string): AsyncGenerator<string> {
  let chunk = '[';
  let first = true;
  for await (const row of ownedRows<{ data: string }>(db, list, ownerId)) {
    chunk += `${first ? '\n' : ',\n'}${row.data}`;
    first = false;
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  yield `${chunk}${first ? ']\n' : '\n]\n'}`;
}

/** The archive's entries, each asked for (and its rows or file opened) only once the reader has taken the last. */
async function* exportEntries(
  db: Connection,
  storage: MediaStorage,
  ownerId: string,
  timeZone: string,
): AsyncGenerator<ZipEntry> {
  yield {
    name: 'README.txt',
    data:
      `Turnproof data export of ${formatDateTime(new Date(), timeZone)}.\n` +
      'data/: one JSON file per kind of record; reports/: the PDF reports; media/: the photos and videos of your runs.\n',
  };
  for (const { file, list } of TABLE_EXPORTS) {
    yield { name: `data/${file}`, data: () => jsonRows(db, list, ownerId) };
  }
  type ReportFile = { file_path: string; run_id: string; version: number; property: string };
  for await (const report of ownedRows<ReportFile>(db, REPORT_FILES, ownerId)) {
    if (!(await storage.exists(report.file_path))) continue;
    const name = `${safeName(report.property)}-${report.run_id.slice(0, 8)}-v${report.version}.pdf`;
    yield { name: `reports/${name}`, data: () => storage.stream(report.file_path), compress: false };
  }
  for await (const media of ownedRows<{ path: string }>(db, MEDIA_FILES, ownerId)) {
    if (await storage.exists(media.path))
      yield { name: `media/${media.path}`, data: () => storage.stream(media.path), compress: false };
  }
}

/**
 * Everything the owner has, as a streamed ZIP: `data/*.json` (one file per table), the report PDFs
 * under `reports/` and the confirmed photos and videos under `media/`. Rows come in short keyset-paged
 * queries as fast as the reader reads, so memory stays flat however large the account and a slow reader
 * holds no database connection; an error part-way destroys the stream (the caller logs it), since the
 * answer has started by then.
 */
export async function buildAccountExport(em: EntityManager, storage: MediaStorage, ownerId: string) {
  const db = em.getConnection();
  // Checked before the first byte, so a database that is down still gets a proper error answer.
  await db.execute('select 1');
  return zipStream(exportEntries(db, storage, ownerId, await ownerTimeZone(em, ownerId)));
}
