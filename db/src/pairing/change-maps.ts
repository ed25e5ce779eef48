import type { EntityManager } from '@mikro-orm/postgresql';

export const CHANGE_STATUSES = ['proposed', 'confirmed', 'dismissed'] as const;
/** A region is a possible change until the host confirms it (then it is damage) or dismisses it. */
export type ChangeStatus = (typeof CHANGE_STATUSES)[number];

export interface StoredBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A changed region, numbered from 1 as it is on the side-by-side image. */
export interface StoredChangeRegion {
  number: number;
  status: ChangeStatus;
  before: StoredBox;
  after: StoredBox;
  decided_at: string | null;
}

export interface StoredChangeMap {
  id: string;
  run_id: string;
  run_task_id: string;
  task_title: string;
  before_media_id: string;
  after_media_id: string;
  image_path: string;
  regions: StoredChangeRegion[];
}

/** Photo pairs of a run: each task's baseline photo beside this run's photo of the same place in the list. */
export interface PhotoPair {
  runTaskId: string;
  before: { mediaId: string; path: string };
  after: { mediaId: string; path: string };
}

/** Stores a pair's change map once; a pair already mapped keeps its regions and the host's decisions. */
export async function saveChangeMap(
  em: EntityManager,
  runId: string,
  pair: PhotoPair,
  imagePath: string,
  regions: { before: StoredBox; after: StoredBox }[],
): Promise<void> {
  const stored: StoredChangeRegion[] = regions.map((region, index) => ({
    number: index + 1,
    status: 'proposed',
    ...region,
    decided_at: null,
  }));
  await em.getConnection().execute(
    `insert into change_maps (run_id, run_task_id, before_media_id, after_media_id, image_path, regions)
     values (?, ?, ?, ?, ?, ?::jsonb) on conflict (before_media_id, after_media_id) do nothing`,
    [runId, pair.runTaskId, pair.before.mediaId, pair.after.mediaId, imagePath, JSON.stringify(stored)],
  );
}

/** The run's change maps, in task order, whose photos both still count (neither rejected since). */
export async function changeMapsOf(em: EntityManager, runId: string): Promise<StoredChangeMap[]> {
  return em.getConnection().execute<StoredChangeMap[]>(
    `select c.id, c.run_id, c.run_task_id, t.title as task_title, c.before_media_id, c.after_media_id,
            c.image_path, c.regions
       from change_maps c
       join run_tasks t on t.id = c.run_task_id
       join media b on b.id = c.before_media_id and b.rejected_at is null
       join media a on a.id = c.after_media_id and a.rejected_at is null
      where c.run_id = ?
      order by t.order_index, c.created_at`,
    [runId],
  );
}

/**
 * Sets one region's status. False when the map is not the run's or has no such region (the caller
 * answers 404); the update is one statement, so two hosts deciding at once each keep their region.
 */
export async function decideChangeRegion(
  em: EntityManager,
  runId: string,
  mapId: string,
  regionNumber: number,
  status: ChangeStatus,
): Promise<boolean> {
  const rows = await em.getConnection().execute<{ id: string }[]>(
    `update change_maps
        set regions = (select jsonb_agg(case when (r->>'number')::int = ?
                         then r || jsonb_build_object('status', ?::text, 'decided_at', now())
                         else r end order by position)
                         from jsonb_array_elements(regions) with ordinality as e(r, position)),
            updated_at = now()
      where id = ? and run_id = ?
        and exists (select 1 from jsonb_array_elements(regions) r where (r->>'number')::int = ?)
      returning id`,
    [regionNumber, status, mapId, runId, regionNumber],
  );
  return rows.length > 0;
}
