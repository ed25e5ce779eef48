import type { EntityManager } from '@mikro-orm/postgresql';
import type { MediaStorage } from '@turnproof/activities/media-storage';
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

/**
 * Everything the owner has, as a streamed ZIP: `data/*.json` (one file per table), the report PDFs
 * under `reports/` and the confirmed photos and videos under `media/`. The queries run before the
 * first byte is sent, so a database error still becomes a proper error answer.
 */
export async function buildAccountExport(em: EntityManager, storage: MediaStorage, ownerId: string) {
  const db = em.getConnection();
  const tables = await Promise.all(
    TABLE_EXPORTS.map(async ({ file, sql }) => {
      const found = await db.execute<{ data: unknown }[]>(sql, ownerParams(sql, ownerId));
      return { file, rows: found.map((row) => row.data) };
    }),
  );
  const reportFiles = await db.execute<
    { file_path: string; file_name: string | null; run_id: string; version: number; property: string }[]
  >(
    `select rp.file_path, rp.file_name, rp.run_id, rp.version, p.name as property
       from reports rp join runs r on r.id = rp.run_id join properties p on p.id = r.property_id
      where p.owner_id = ? and rp.status = 'ready' and rp.file_path is not null
      order by rp.run_id, rp.version`,
    [ownerId],
  );
  const mediaFiles = await db.execute<{ path: string }[]>(
    `select m.path from media m where m.status = 'confirmed' and m.run_id in ${ownRuns} order by m.created_at`,
    [ownerId],
  );

  const archive = new ZipArchive({ zlib: { level: 6 } });
  archive.append(
    `Turnproof data export of ${new Date().toISOString()}.\n` +
      'data/: one JSON file per kind of record; reports/: the PDF reports; media/: the photos and videos of your runs.\n',
    { name: 'README.txt' },
  );
  for (const { file, rows } of tables) archive.append(JSON.stringify(rows, null, 2), { name: `data/${file}` });
  for (const report of reportFiles) {
    if (!(await storage.exists(report.file_path))) continue;
    const name = `${safeName(report.property)}-${report.run_id.slice(0, 8)}-v${report.version}.pdf`;
    archive.append(storage.stream(report.file_path), { name: `reports/${name}` });
  }
  for (const media of mediaFiles) {
    if (await storage.exists(media.path)) archive.append(storage.stream(media.path), { name: `media/${media.path}` });
  }
  void archive.finalize();
  return archive;
}
