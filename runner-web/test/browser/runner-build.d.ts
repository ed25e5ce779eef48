export declare const RUNNER_DIST: string;
/** Builds runner-web/dist (the app and its service worker) from the current sources. */
export declare function buildRunner(): void;
/** The API serves runner-web/dist; build it once when it (or its service worker) is missing. */
export declare function ensureBuilt(): void;
