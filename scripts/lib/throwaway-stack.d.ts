/** A port nothing listens on right now (the OS picks it; we release it for the real server). */
export declare function freePort(): Promise<number>;
/** DATABASE_URL's server with another database name suffixed with this checkout's folder name. */
export declare function siblingDatabaseUrl(name: string): string;
/** Drops and rebuilds the database: empty, migrated, seeded. */
export declare function freshDatabase(databaseUrl: string): Promise<void>;
/** A headless Temporal dev server with a throw-away SQLite file and our search attributes. */
export declare function startThrowawayTemporal(namespace?: string): Promise<{
  address: string;
  namespace: string;
  pid: number | undefined;
  stop: () => Promise<void>;
}>;
