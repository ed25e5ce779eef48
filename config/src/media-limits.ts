/**
 * What one magic link may put on our disks and through our image decoder. A link holder is
 * unauthenticated beyond the link, so every cost is capped per run.
 */

/** Largest image decoded anywhere (about 50 Mpx, above any phone camera): a decompression bomb fails fast. */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** Photos and videos one run may reserve (confirmed or not): ten times the most a checklist asks for. */
export const RUN_MEDIA_MAX_COUNT = 300;

/** Bytes one run may reserve, by the sizes declared at reservation (the PUT never writes more than declared). */
export const RUN_MEDIA_MAX_BYTES = 4 * 1024 * 1024 * 1024;

/** Media reserved but never confirmed (abandoned or refused uploads) are purged after this. */
export const UNCONFIRMED_MEDIA_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * What an anonymous demo run may hold: the demo checklist's 8 photos and a few retries, no video. A
 * visitor needs no more to try the runner, and costs the disks and the report renderer no more.
 */
export const DEMO_RUN_MEDIA = { maxCount: 12, maxBytes: 50 * 1024 * 1024, videos: false } as const;
