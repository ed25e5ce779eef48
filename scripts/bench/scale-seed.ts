// One large account for `npm run bench -- scale`: 500 properties, 50,000 runs, 1,000,000 run tasks and
// 200,000 media rows for one owner, written with set-based SQL (generate_series).
// The media rows point at symbolic links to one small JPEG, so the export streams real files without
// 200,000 files' worth of disk.
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import sharp from 'sharp';

export const SCALE = { properties: 500, runs: 50_000, tasksPerRun: 20, mediaPerRun: 4 };

/** `linkEncrypted`: one stored magic link (encrypted with the API's key) that every run shares. */
export async function seedLargeAccount(
  orm: MikroORM,
  ownerId: string,
  mediaDir: string,
  linkEncrypted: string,
): Promise<void> {
  const db = orm.em.getConnection();
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#8aa' } })
    .jpeg()
    .toBuffer();
  await db.execute(
    `insert into properties (id, owner_id, name, address, created_at, updated_at)
     select gen_random_uuid(), ?, 'Scale Property ' || n, n || ' Harbour Street, Unit ' || (n % 37),
            now() - make_interval(days => n % 365), now()
       from generate_series(1, ?) as n`,
    [ownerId, SCALE.properties],
  );
  // Runs over the last year, spread over the properties; about 70 % completed, 20 % in progress.
  await db.execute(
    `insert into runs (id, property_id, checklist_name, type, status, started_at, ended_at, meta, token_hash,
                       link_encrypted, created_at, updated_at)
     select gen_random_uuid(), p.id, (array['Standard Turnover', 'Deep Clean', 'Move-in Walkthrough'])[1 + n % 3],
            (array['turnover', 'move_in', 'move_out'])[1 + n % 3],
            case when n % 10 < 7 then 'completed' when n % 10 < 9 then 'in_progress' else 'pending' end,
            case when n % 10 < 9 then created end, case when n % 10 < 7 then created + interval '2 hours' end,
            '{}'::jsonb, md5('scale-run-' || n || '-' || ?), ?, created, created
       from (select n, now() - make_interval(mins => n * 10) as created from generate_series(1, ?) as n) s
       join (select id, row_number() over (order by created_at, id) - 1 as k from properties where owner_id = ?) p
         on p.k = s.n % ?`,
    [ownerId, linkEncrypted, SCALE.runs, ownerId, SCALE.properties],
  );
  await db.execute(
    `insert into run_tasks (id, run_id, title, required_media, order_index, checked, checked_at, duration_seconds, updated_at)
     select gen_random_uuid(), r.id, 'Task ' || t, case when t <= 2 then 2 else 0 end, t - 1,
            r.status = 'completed', case when r.status = 'completed' then r.started_at + make_interval(mins => t) end,
            case when r.status = 'completed' then 60 + t end, r.updated_at
       from runs r join properties p on p.id = r.property_id, generate_series(1, ?) as t
      where p.owner_id = ?`,
    [SCALE.tasksPerRun, ownerId],
  );
  // Two photos on each of a run's first two tasks.
  await db.execute(
    `insert into media (id, run_id, run_task_id, path, type, status, content_type, size, created_at)
     select gen_random_uuid(), rt.run_id, rt.id, 'scale/' || rt.id || '-' || m || '.jpg', 'photo', 'confirmed',
            'image/jpeg', ?, rt.updated_at
       from run_tasks rt join runs r on r.id = rt.run_id join properties p on p.id = r.property_id,
            generate_series(1, 2) as m
      where p.owner_id = ? and rt.order_index < 2`,
    [photo.length, ownerId],
  );
  // As autovacuum would have by now: statistics, and the visibility map that index-only scans need (so no
  // row is updated after this, which would clear it again).
  for (const table of ['properties', 'runs', 'run_tasks', 'media']) await db.execute(`vacuum analyze ${table}`);

  const original = path.resolve(mediaDir, 'scale-original.jpg');
  await mkdir(path.join(mediaDir, 'scale'), { recursive: true });
  await writeFile(original, photo);
  const paths = await db.execute<{ path: string }[]>(`select path from media where path like 'scale/%'`);
  for (let i = 0; i < paths.length; i += 500) {
    await Promise.all(paths.slice(i, i + 500).map((row) => symlink(original, path.join(mediaDir, row.path))));
  }
}
