/** What compress-page/main.ts puts on `window` for compress-photo.test.ts. */

export interface FixtureRef {
  /** Path on the test server, e.g. '/fixtures/big.jpg'. */
  url: string;
  name: string;
  type: string;
}

export interface CompressionRun {
  compressed: boolean;
  /** The result file is the very File passed in. */
  sameFile: boolean;
  name: string;
  type: string;
  size: number;
  width?: number;
  height?: number;
  /** The result's bytes, base64. */
  base64: string;
  /** compressPhoto() call to settled, ms. */
  durationMs: number;
  /** 'longtask' entries (over 50 ms) on the main thread that overlapped the compression. */
  longTasks: { startTime: number; duration: number }[];
  /** Longest gap between 10 ms heartbeats on the main thread during the compression, ms. */
  maxHeartbeatGapMs: number;
}

export interface TimeoutScenario {
  /** The first call, whose worker never answers: its rejection message. */
  firstError: string | null;
  /** The next call, on a restarted (real) worker. */
  second: { compressed: boolean; type: string; width?: number; height?: number };
  workersCreated: number;
}

export interface FallbackScenario {
  results: { compressed: boolean; sameFile: boolean }[];
  workersCreated: number;
  messagesPosted: number;
}

export interface BatchScenario {
  /** Photos the compressor worked on at the same time, at most. */
  maxInFlight: number;
  workersCreated: number;
  /** What was posted to the workers, in order. */
  posted: { quality: number; maxDimension: number | null }[];
  results: { compressed: boolean; converted: boolean; type: string; width?: number; height?: number }[];
}

export interface CompressPageApi {
  /** Blocks the main thread for `ms` and answers the long tasks seen: shows the observer works here. */
  blockMainThread(ms: number): Promise<{ supported: boolean; longTasks: { startTime: number; duration: number }[] }>;
  /** compressPhoto() on the fixture, with the app's defaults. */
  runCompression(fixture: FixtureRef): Promise<CompressionRun>;
  /** A worker that never answers, 500 ms timeout, then a real worker. */
  runTimeoutScenario(fixture: FixtureRef): Promise<TimeoutScenario>;
  /** Twice on a compressor whose worker says it cannot compress, then twice on one whose script does not load. */
  runUnsupportedScenario(fixture: FixtureRef): Promise<FallbackScenario>;
  runBrokenWorkerScenario(fixture: FixtureRef): Promise<FallbackScenario>;
  /** The fixtures handed to one compressor at once (as photos picked together), with the app's defaults. */
  runBatchScenario(fixtures: FixtureRef[]): Promise<BatchScenario>;
}
