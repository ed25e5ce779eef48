import type { EntityManager } from '@mikro-orm/postgresql';
import type { MediaStorage } from '@turnproof/activities/media-storage';
import { type ZipEntry, zipStream } from '../zip/zip-stream.ts';

/** Ids of the owner's runs and checklists; every `?` in these queries is the owner's id. */
const ownRuns = `(select r.id from runs r join properties p on p.id = r.property_id where p.owner_id = ?)`;
const ownChecklists = `(select c.id from checklists c join properties p on p.id = c.property_id where p.owner_id = ?)`;

/**
 * `select` of whole rows as JSON text from `table t`, minus the named columns. Text, not jsonb: the driver
 * would parse each of a million rows into objects only for them to be serialized again.
 */
const rows = (file: string, from: string, omit: string[] = []) => ({
  file,
  sql: `select (to_jsonb(t)${omit.map((column) => ` - '${column}'`).join('')})::text as data from ${from}`,
});

/**
 * One JSON file per table, each holding every row of the owner's as stored, minus the secrets
 * (password hash, token hashes, encrypted links) and the report HTML (the PDFs are in the archive).
 */
const TABLE_EXPORTS = [
  rows('account.json', 'users t where t.id = ?', ['password_hash']),
  rows('profile.json', 'profiles t where t.user_id = ?'),
  rows('preferences.json', 'user_preferences t where t.user_id = ?'),
  rows('onboarding-progress.json', 'user_onboarding_progress t where t.user_id = ?'),
  rows('activity.json', 'user_activity t where t.user_id = ? order by t.created_at'),
  rows('billing-account.json', 'billing_accounts t where t.user_id = ?'),
  rows('billing-subscriptions.json', 'billing_subscriptions t where t.user_id = ?'),
  rows('promo-redemptions.json', 'promo_redemptions t where t.org_id = ?'),
  rows('report-credits.json', 'report_credits t where t.org_id = ?'),
  rows('properties.json', 'properties t where t.owner_id = ? order by t.created_at'),
  rows('checklists.json', `checklists t where t.id in ${ownChecklists} order by t.created_at`),
  rows('tasks.json', `tasks t where t.checklist_id in ${ownChecklists} order by t.checklist_id, t.order_index`),
  rows('templates.json', 'inspection_templates t where t.created_by_id = ?'),
  rows('team-members.json', 'team_members t where t.owner_id = ?', [
    'invite_token_hash',
    'schedule_token_hash',
    'schedule_link_encrypted',
  ]),
  rows('runs.json', `runs t where t.id in ${ownRuns} order by t.created_at`, ['token_hash', 'link_encrypted']),
  rows('run-tasks.json', `run_tasks t where t.run_id in ${ownRuns} order by t.run_id, t.order_index`),
  rows('media.json', `media t where t.run_id in ${ownRuns} order by t.created_at`),
  rows('alerts.json', `alerts t where t.run_id in ${ownRuns} order by t.created_at`),
  rows('reports.json', `reports t where t.run_id in ${ownRuns} order by t.run_id, t.version`, ['html_content']),
];

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

/** Rows fetched per cursor round trip: a million run tasks in 2,000 trips, a few hundred kilobytes each. */
const CURSOR_ROWS = 500;

/** Rows gathered into one chunk of a JSON file: a million small writes would cost more than the rows. */
const CHUNK_CHARS = 64 * 1024;

/** A table's rows as a JSON array, one row per line, read through a cursor as the archive asks for it. */
async function* jsonRows(db: Connection, sql: string, params: string[]): AsyncGenerator<string> {
  let chunk = '[';
  let first = true;
  for await (const row of db.stream<{ data: string }>(sql, params, undefined, undefined, CURSOR_ROWS)) {
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
async function* exportEntries(db: Connection, storage: MediaStorage, ownerId: string): AsyncGenerator<ZipEntry> {
  yield {
    name: 'README.txt',
    data:
      `Turnproof data export of ${new Date().toISOString()}.\n` +
      'data/: one JSON file per kind of record; reports/: the PDF reports; media/: the photos and videos of your runs.\n',
  };
  for (const { file, sql } of TABLE_EXPORTS) {
    yield { name: `data/${file}`, data: () => jsonRows(db, sql, ownerParams(sql, ownerId)) };
  }
  const reportFiles = db.stream<{ file_path: string; run_id: string; version: number; property: string }>(
    `select rp.file_path, rp.run_id, rp.version, p.name as property
       from reports rp join runs r on r.id = rp.run_id join properties p on p.id = r.property_id
      where p.owner_id = ? and rp.status = 'ready' and rp.file_path is not null
      order by rp.run_id, rp.version`,
    [ownerId],
  );
  for await (const report of reportFiles) {
    if (!(await storage.exists(report.file_path))) continue;
    const name = `${safeName(report.property)}-${report.run_id.slice(0, 8)}-v${report.version}.pdf`;
    yield { name: `reports/${name}`, data: () => storage.stream(report.file_path), compress: false };
  }
  const mediaFiles = db.stream<{ path: string }>(
    `select m.path from media m where m.status = 'confirmed' and m.run_id in ${ownRuns} order by m.created_at`,
    [ownerId],
  );
  for await (const media of mediaFiles) {
    if (await storage.exists(media.path))
      yield { name: `media/${media.path}`, data: () => storage.stream(media.path), compress: false };
  }
}

/**
 * Everything the owner has, as a streamed ZIP: `data/*.json` (one file per table), the report PDFs
 * under `reports/` and the confirmed photos and videos under `media/`. Rows come through database
 * cursors that advance only as fast as the reader reads, so memory stays flat however large the
 * account; a reader that goes away closes them, and an error part-way destroys the stream (the caller
 * logs it), since the answer has started by then.
 */
export async function buildAccountExport(em: EntityManager, storage: MediaStorage, ownerId: string) {
  const db = em.getConnection();
  // Checked before the first byte, so a database that is down still gets a proper error answer.
  await db.execute('select 1');
  return zipStream(exportEntries(db, storage, ownerId));
}
