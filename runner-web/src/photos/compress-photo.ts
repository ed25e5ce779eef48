/**
 * Photo compression for the run page (spec: product.md section 5, calls-and-constants.md section 9):
 * files under 100 KB are not compressed; otherwise the image is scaled to fit 1600x1600 (never enlarged)
 * and encoded as WebP at quality 0.82; 30 s timeout ('Compression timeout'). Video passes through.
 * The spec's separate conversion (WebP at quality 0.85) is for the small images compression skips: a
 * PNG screenshot or a BMP under 100 KB becomes a WebP of the same size in pixels, kept only when it is
 * smaller; a small JPEG or WebP is left as it is (re-encoding it would lose detail for a few KB).
 *
 * Decoding and encoding run in Web Workers (compress-worker.ts); the main thread only posts the File
 * handle and receives a Blob, so it never decodes the image. Photos picked together are compressed in
 * batches of 3 (the spec's batch size), one worker each; a phone that reports under 2 GB of memory
 * (navigator.deviceMemory) does one at a time, as a 12 MP photo decodes to ~48 MB. The 30 s timeout
 * counts from when a worker starts on a photo; after a timeout that worker is terminated and a new one
 * starts for the next photo.
 *
 * Compression must never block the cleaner: when the browser cannot compress in a worker (no Worker,
 * OffscreenCanvas or createImageBitmap there), the worker script fails to load, or a photo cannot be
 * decoded (e.g. HEIC), the original file is returned with `compressed: false`. Only the timeout rejects.
 */
import type { CompressRequest, CompressResponse } from './compress-protocol.ts';

/** calls-and-constants.md section 9. */
export const COMPRESSION_SKIP_BELOW_BYTES = 100 * 1024;
export const COMPRESSION_MAX_DIMENSION = 1600;
export const COMPRESSION_QUALITY = 0.82;
/** The separate conversion to WebP of images too small to compress. */
export const CONVERSION_QUALITY = 0.85;
/** Photos compressed at once (and, in use-runner.ts, queued at once). */
export const COMPRESSION_BATCH_SIZE = 3;
export const COMPRESSION_TIMEOUT_MS = 30_000;
export const COMPRESSION_TIMEOUT_MESSAGE = 'Compression timeout';

export interface CompressOptions {
  /** Default 1600: the result fits in maxDimension x maxDimension. */
  maxDimension?: number;
  /** Default 0.82. */
  quality?: number;
  /** Default 100 KB: smaller files pass through untouched. */
  skipBelowBytes?: number;
  /** Default 30 000 ms. */
  timeoutMs?: number;
}

export interface CompressedPhoto {
  /** The WebP (`{base name}.webp`, image/webp), or the original file when neither flag is set. */
  file: File;
  /** Pixel size of the compressed image; absent when the file passed through. */
  width?: number;
  height?: number;
  /** Scaled and re-encoded at 0.82. */
  compressed: boolean;
  /** Too small to compress, converted to WebP at 0.85 without scaling. */
  converted?: boolean;
}

interface Job {
  file: File;
  /** Compression (fit and 0.82) or the conversion of a small image (no scaling, 0.85). */
  convert: boolean;
  settings: Required<CompressOptions>;
  resolve: (result: CompressedPhoto) => void;
  reject: (error: Error) => void;
  id?: number;
  timer?: ReturnType<typeof setTimeout>;
}

/** One worker and the photo it is on. */
interface Slot {
  worker: Worker | null;
  job: Job | null;
}

const DEFAULTS: Required<CompressOptions> = {
  maxDimension: COMPRESSION_MAX_DIMENSION,
  quality: COMPRESSION_QUALITY,
  skipBelowBytes: COMPRESSION_SKIP_BELOW_BYTES,
  timeoutMs: COMPRESSION_TIMEOUT_MS,
};

/** Types the worker can decode and that lose nothing by becoming a still WebP (not GIF: animation; not SVG). */
const COMPRESSIBLE = /^image\/(jpeg|jpg|pjpeg|png|webp|bmp|avif|heic|heif)$/i;
/** Small images already in a compact lossy format: the conversion leaves them alone. */
const ALREADY_COMPACT = /^image\/(jpeg|jpg|pjpeg|webp)$/i;

const passThrough = (file: File): CompressedPhoto => ({ file, compressed: false });

/** 'IMG_0042.JPG' -> 'IMG_0042.webp'; a name without a base becomes 'photo.webp'. */
export function compressedFileName(name: string, type = 'image/webp'): string {
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  return `${base || 'photo'}.${type === 'image/jpeg' ? 'jpg' : 'webp'}`;
}

export const defaultCompressWorker = (): Worker =>
  new Worker(new URL('./compress-worker.ts', import.meta.url), { type: 'module' });

/** 3 at once, or 1 on a phone that says it has under 2 GB of memory (Chromium's navigator.deviceMemory). */
export function defaultConcurrency(): number {
  const memory = typeof navigator === 'undefined' ? undefined : (navigator as { deviceMemory?: number }).deviceMemory;
  return memory !== undefined && memory < 2 ? 1 : COMPRESSION_BATCH_SIZE;
}

export class PhotoCompressor {
  private readonly createWorker: () => Worker;
  private readonly slots: Slot[];
  private readonly queue: Job[] = [];
  private nextId = 1;
  /** Set once a worker reports it cannot compress in this browser; from then on files pass through. */
  private unsupported = false;

  constructor(createWorker: () => Worker = defaultCompressWorker, concurrency: number = defaultConcurrency()) {
    this.createWorker = createWorker;
    this.slots = Array.from({ length: Math.max(1, Math.floor(concurrency)) }, () => ({ worker: null, job: null }));
  }

  compress(file: File, options: CompressOptions = {}): Promise<CompressedPhoto> {
    const settings = { ...DEFAULTS, ...options };
    if (!COMPRESSIBLE.test(file.type)) return Promise.resolve(passThrough(file));
    const convert = file.size < settings.skipBelowBytes;
    if (convert && ALREADY_COMPACT.test(file.type)) return Promise.resolve(passThrough(file));
    if (this.unsupported || typeof Worker === 'undefined') return Promise.resolve(passThrough(file));
    return new Promise<CompressedPhoto>((resolve, reject) => {
      this.queue.push({ file, convert, settings, resolve, reject });
      this.pump();
    });
  }

  /** Stops the workers; queued and running photos pass through uncompressed. */
  terminate(): void {
    const jobs: Job[] = [];
    for (const slot of this.slots) {
      this.dropWorker(slot);
      if (slot.job) jobs.push(slot.job);
      slot.job = null;
    }
    jobs.push(...this.queue.splice(0));
    for (const job of jobs) {
      clearTimeout(job.timer);
      job.resolve(passThrough(job.file));
    }
  }

  private pump(): void {
    for (let slot = this.freeSlot(); slot && this.queue.length > 0; slot = this.freeSlot()) {
      const job = this.queue.shift()!;
      let worker: Worker;
      try {
        if (this.unsupported) throw new Error('unsupported');
        worker = this.ensureWorker(slot);
      } catch {
        job.resolve(passThrough(job.file));
        continue;
      }
      const id = this.nextId++;
      job.id = id;
      slot.job = job;
      job.timer = setTimeout(() => {
        // A stuck decode cannot be cancelled; only terminating the worker frees it.
        this.dropWorker(slot);
        this.settle(slot, job, () => job.reject(new Error(COMPRESSION_TIMEOUT_MESSAGE)));
      }, job.settings.timeoutMs);
      const request: CompressRequest = job.convert
        ? { id, file: job.file, maxDimension: null, quality: CONVERSION_QUALITY }
        : { id, file: job.file, maxDimension: job.settings.maxDimension, quality: job.settings.quality };
      worker.postMessage(request);
    }
  }

  /** A slot with no photo, preferring one whose worker is already running. */
  private freeSlot(): Slot | undefined {
    const free = this.slots.filter((slot) => !slot.job);
    return free.find((slot) => slot.worker) ?? free[0];
  }

  private ensureWorker(slot: Slot): Worker {
    if (slot.worker) return slot.worker;
    const worker = this.createWorker();
    worker.onmessage = (event: MessageEvent<CompressResponse>) => this.onResponse(slot, worker, event.data);
    // The script failed to load or crashed (offline without a cached worker, no module workers, ...).
    // The photo goes up uncompressed; the next one tries a fresh worker.
    worker.onerror = (event) => {
      event.preventDefault();
      if (worker !== slot.worker) return;
      this.dropWorker(slot);
      const job = slot.job;
      if (job) this.settle(slot, job, () => job.resolve(passThrough(job.file)));
    };
    slot.worker = worker;
    return worker;
  }

  private dropWorker(slot: Slot): void {
    slot.worker?.terminate();
    slot.worker = null;
  }

  private onResponse(slot: Slot, worker: Worker, response: CompressResponse): void {
    const job = slot.job;
    if (worker !== slot.worker || !job || response.id !== job.id) return;
    if (!response.ok) {
      if (response.unsupported) this.unsupported = true;
      this.settle(slot, job, () => job.resolve(passThrough(job.file)));
      return;
    }
    const { blob, width, height, resized } = response;
    // Re-encoding a photo that needed no scaling can make it bigger; then the original is the better upload.
    if (!resized && blob.size >= job.file.size) {
      this.settle(slot, job, () => job.resolve(passThrough(job.file)));
      return;
    }
    const type = blob.type || 'image/webp';
    const file = new File([blob], compressedFileName(job.file.name, type), {
      type,
      lastModified: job.file.lastModified,
    });
    const result: CompressedPhoto = job.convert
      ? { file, width, height, compressed: false, converted: true }
      : { file, width, height, compressed: true };
    this.settle(slot, job, () => job.resolve(result));
  }

  private settle(slot: Slot, job: Job, done: () => void): void {
    if (slot.job !== job) return;
    clearTimeout(job.timer);
    slot.job = null;
    done();
    this.pump();
  }
}

let shared: PhotoCompressor | null = null;

/**
 * Compresses one photo for upload or the offline queue (at most 3 at once across calls). Resolves with
 * the original file (`compressed: false`) for video, non-photo types, small JPEG and WebP files and
 * browsers that cannot compress; rejects only with Error('Compression timeout').
 */
export function compressPhoto(file: File, options?: CompressOptions): Promise<CompressedPhoto> {
  shared ??= new PhotoCompressor();
  return shared.compress(file, options);
}
