import type { EntityManager } from '@mikro-orm/postgresql';
import type { MediaStorage } from '@turnproof/activities/media-storage';
import { pipeline, Readable, Transform } from 'node:stream';
import { setTimeout } from 'node:timers/promises';
import { ZipArchive } from 'archiver';

/** Ids of the owner's runs and checklists; every `?` in these queries is the owner's id. */
const ownRuns = `(select r.id from runs r join properties p on p.id = r.property_id where p.owner_id = ?)`;
const ownChecklists = `(select c.id from checklists c join properties p on p.id = c.property_id where p.owner_id = ?)`;

/** `select` of whole rows as JSON from `table t`, minus the named columns. */
const rows = (file: string, from: string, omit: string[] = []) => ({
  file,
  sql: `select to_jsonb(t)${omit.map((column) => ` - '${column}'`).join('')} as data from ${from}`,
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
  rows('team-members.json', 'team_members t where t.owner_id = ?', ['invite_token_hash']),
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

/** Archive entries queued ahead of the one being compressed: enough to keep it busy, few enough to stay small. */
const ENTRIES_AHEAD = 16;
/** How far the archiving may run ahead of the reader, counted in entry headers' bytes. */
const MAX_LAG_BYTES = 1024 * 1024;
const READER_POLL_MS = 10;
/** A ZIP local file header without its name and extra field. */
const ZIP_LOCAL_HEADER_BYTES = 30;

type Connection = ReturnType<EntityManager['getConnection']>;

/** Rows fetched per cursor round trip: a million run tasks in 2,000 trips, a few hundred kilobytes each. */
const CURSOR_ROWS = 500;

/** A table's rows as a JSON array, one row per line, read through a cursor as the archive asks for it. */
async function* jsonRows(db: Connection, sql: string, params: string[]): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const row of db.stream<{ data: unknown }>(sql, params, undefined, undefined, CURSOR_ROWS)) {
    yield `${first ? '\n' : ',\n'}${JSON.stringify(row.data)}`;
    first = false;
  }
  yield first ? ']\n' : '\n]\n';
}

/** A stored file opened only when the archive reaches it (200,000 photos must not hold 200,000 files open). */
async function* fileBytes(storage: MediaStorage, path: string): AsyncGenerator<Buffer> {
  yield* storage.stream(path);
}

/**
 * Everything the owner has, as a streamed ZIP: `data/*.json` (one file per table), the report PDFs
 * under `reports/` and the confirmed photos and videos under `media/`. Rows come through database
 * cursors and entries are queued a few at a time, so memory stays flat however large the account; an
 * error part-way aborts the archive (the caller logs it), since the answer has started by then.
 */
export async function buildAccountExport(em: EntityManager, storage: MediaStorage, ownerId: string) {
  const db = em.getConnection();
  // Checked before the first byte, so a database that is down still gets a proper error answer.
  await db.execute('select 1');
  const archive = new ZipArchive({ zlib: { level: 6 } });
  let queued = 0;
  const freed: (() => void)[] = [];
  archive.on('entry', () => {
    queued -= 1;
    freed.shift()?.();
  });
  // archiver counts an entry done once its bytes are in its own buffers, read or not, so with a download
  // slower than the archiving (200,000 small photos) those buffers grew to gigabytes. The feed waits for
  // the reader instead: at least 30 bytes and the name of each entry's header must have been delivered,
  // less a lag of MAX_LAG_BYTES.
  let headerBytes = 0;
  let delivered = 0;
  const delivery = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      delivered += chunk.length;
      callback(null, chunk);
    },
  });
  pipeline(archive, delivery, () => {
    // Errors reach the reader as the delivery stream's own (the caller logs them).
  });
  const add = async (source: string | Readable, name: string) => {
    // A reader that went away (a closed tab) ends the feed, and with it the database cursors.
    if (delivery.destroyed) throw new Error('The export was abandoned by its reader.');
    archive.append(source, { name });
    headerBytes += ZIP_LOCAL_HEADER_BYTES + Buffer.byteLength(name);
    queued += 1;
    if (queued > ENTRIES_AHEAD) await new Promise<void>((resolve) => freed.push(resolve));
    while (headerBytes - delivered > MAX_LAG_BYTES && !delivery.destroyed) await setTimeout(READER_POLL_MS);
  };

  async function feed() {
    await add(
      `Turnproof data export of ${new Date().toISOString()}.\n` +
        'data/: one JSON file per kind of record; reports/: the PDF reports; media/: the photos and videos of your runs.\n',
      'README.txt',
    );
    for (const { file, sql } of TABLE_EXPORTS) {
      await add(Readable.from(jsonRows(db, sql, ownerParams(sql, ownerId))), `data/${file}`);
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
      await add(Readable.from(fileBytes(storage, report.file_path)), `reports/${name}`);
    }
    const mediaFiles = db.stream<{ path: string }>(
      `select m.path from media m where m.status = 'confirmed' and m.run_id in ${ownRuns} order by m.created_at`,
      [ownerId],
    );
    for await (const media of mediaFiles) {
      if (await storage.exists(media.path))
        await add(Readable.from(fileBytes(storage, media.path)), `media/${media.path}`);
    }
    await archive.finalize();
  }
  feed().catch((error: unknown) => archive.destroy(error instanceof Error ? error : new Error(String(error))));
  return delivery;
}
