import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { baselinePhotosByTask, baselineRunOf, changeMapsOf, Media, type PhotoPair, saveChangeMap } from '@turnproof/db';
import { downscaleReportPhoto, type ReportChangeMap, reportPhotoCopyPath } from '@turnproof/platform/report';
import { computeChangeMap, renderSideBySide } from '@turnproof/platform/change-map';
import type { MediaStorage } from '@turnproof/platform/media-storage';

/** Kept beside the run's reports: derived evidence, kept as long as they are. */
const changeMapPath = (runId: string, pair: PhotoPair) =>
  `reports/${runId}/change-${pair.before.mediaId}-${pair.after.mediaId}.jpg`;

/** Each task's baseline photos beside this run's confirmed photos, pair by pair as the report shows them. */
async function photoPairs(orm: MikroORM, runId: string): Promise<PhotoPair[]> {
  const em = orm.em.fork();
  const baselineId = await baselineRunOf(em, runId);
  if (!baselineId) return [];
  const baseline = await baselinePhotosByTask(em, runId, baselineId);
  const photos = await em.find(
    Media,
    { run: runId, status: 'confirmed', rejected_at: null, type: 'photo', run_task: { $ne: null } },
    { orderBy: { created_at: 'asc' } },
  );
  return [...baseline].flatMap(([runTaskId, before]) => {
    const after = photos.filter((item) => item.run_task?.id === runTaskId);
    return before.flatMap((photo, index) => {
      const later = after[index];
      return later
        ? [
            {
              runTaskId,
              before: { mediaId: photo.mediaId, path: photo.path },
              after: { mediaId: later.id, path: later.path },
            },
          ]
        : [];
    });
  });
}

/**
 * Maps what changed between each photo pair of the run not mapped yet (see platform/change-map), storing
 * the outlined side-by-side image and the regions as possible changes; with `afterMediaId`, only the pair
 * of that photo of the run. The photo checks map each photo's pair as it is confirmed; the report and
 * claim activities map whatever is left (the pairs may have changed since: a rejected photo). The work
 * stays off the request path, and a pair is mapped once.
 */
export async function ensureChangeMaps(
  orm: MikroORM,
  storage: MediaStorage,
  runId: string,
  afterMediaId?: string,
): Promise<void> {
  const pairs = (await photoPairs(orm, runId)).filter(
    (pair) => afterMediaId === undefined || pair.after.mediaId === afterMediaId,
  );
  const em = orm.em.fork();
  const mapped = await em
    .getConnection()
    .execute<{ before_media_id: string; after_media_id: string }[]>(
      `select before_media_id, after_media_id from change_maps where run_id = ?`,
      [runId],
    );
  const done = new Set(mapped.map((row) => `${row.before_media_id}/${row.after_media_id}`));
  // One pair at a time: each holds two decoded photos, and the worker renders PDFs beside it.
  for (const pair of pairs.filter((item) => !done.has(`${item.before.mediaId}/${item.after.mediaId}`))) {
    const [before, after] = await Promise.all([storage.read(pair.before.path), storage.read(pair.after.path)]);
    const map = await computeChangeMap(before, after);
    const path = changeMapPath(runId, pair);
    const image = await renderSideBySide(before, after, map.regions);
    await storage.write(path, image);
    // As every report will print it, so that none downscales it again while the host waits.
    await storage.write(reportPhotoCopyPath(path), await downscaleReportPhoto(image));
    await saveChangeMap(em, runId, pair, path, map.regions);
  }
}

/** The run's stored change maps as the report and the claim print them, by run task. */
export async function reportChangeMaps(
  em: EntityManager,
  storage: MediaStorage,
  runId: string,
): Promise<Map<string, ReportChangeMap[]>> {
  const byTask = new Map<string, ReportChangeMap[]>();
  for (const map of await changeMapsOf(em, runId)) {
    byTask.set(map.run_task_id, [
      ...(byTask.get(map.run_task_id) ?? []),
      {
        read: () => storage.read(map.image_path),
        readReportCopy: () => storage.read(reportPhotoCopyPath(map.image_path)).catch(() => null),
        regions: map.regions.map((region) => ({ number: region.number, status: region.status })),
      },
    ]);
  }
  return byTask;
}
