import type { OfflineLocation } from '../offline/offline-db.ts';
import { reverseGeocode } from './reverse-geocode.ts';

/** calls-and-constants.md: high accuracy, 10 s timeout, a cached position up to 300000 ms old. */
export const GEOLOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 300_000 };
export const GEOLOCATION_UNSUPPORTED = 'Geolocation is not supported by this browser';

export interface LocationSource {
  /** Asks for a position now (the browser may ask the cleaner's permission); never throws. */
  refresh(): void;
  /**
   * The freshest position, at most 5 minutes old, or null; a stale or missing one is refreshed in the
   * background. Never waits: a write never waits on the GPS, and goes without a position when there is none.
   */
  latest(): OfflineLocation | null;
}

export interface LocationSourceOptions {
  geolocation?: Geolocation | undefined;
  now?: () => number;
  /** The address of a position; null when reverse geocoding is off or failed. */
  addressOf?: (latitude: number, longitude: number) => Promise<string | null>;
}

/** Where the cleaner is, for task actions and photo confirmations. Location is optional: failures are quiet. */
export function createLocationSource(options: LocationSourceOptions = {}): LocationSource {
  const geolocation = options.geolocation;
  const now = options.now ?? Date.now;
  const addressOf = options.addressOf ?? reverseGeocode;
  const maxAge = GEOLOCATION_OPTIONS.maximumAge ?? 0;
  let fix: OfflineLocation | null = null;
  let asking = false;
  // Refused once: not asked again until the page reloads.
  let denied = false;

  function refresh() {
    if (asking || denied) return;
    if (!geolocation) {
      denied = true;
      console.info(GEOLOCATION_UNSUPPORTED);
      return;
    }
    asking = true;
    geolocation.getCurrentPosition(
      (position) => {
        asking = false;
        const { latitude, longitude, accuracy } = position.coords;
        const next: OfflineLocation = { latitude, longitude, accuracy, timestamp: position.timestamp, address: null };
        fix = next;
        void addressOf(latitude, longitude).then((address) => {
          if (address && fix === next) fix = { ...next, address };
        });
      },
      (error) => {
        asking = false;
        if (error.code === error.PERMISSION_DENIED) denied = true;
      },
      GEOLOCATION_OPTIONS,
    );
  }

  return {
    refresh,
    latest() {
      const fresh = fix && now() - (fix.timestamp ?? 0) <= maxAge ? fix : null;
      if (!fresh) refresh();
      return fresh;
    },
  };
}

/** The page's one source, over the browser's geolocation. */
export const deviceLocation: LocationSource = createLocationSource({
  geolocation: typeof navigator === 'undefined' ? undefined : navigator.geolocation,
});
