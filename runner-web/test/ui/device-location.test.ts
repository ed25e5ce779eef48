import { describe, expect, it } from 'vitest';
import { createLocationSource, GEOLOCATION_OPTIONS } from '../../src/location/device-location.ts';
import { reverseGeocode } from '../../src/location/reverse-geocode.ts';

/** A Geolocation whose requests the test answers by hand. */
function manualGeolocation() {
  const requests: {
    ok: PositionCallback;
    fail: PositionErrorCallback | null | undefined;
    options?: PositionOptions;
  }[] = [];
  const geolocation = {
    getCurrentPosition: (ok: PositionCallback, fail?: PositionErrorCallback | null, options?: PositionOptions) => {
      requests.push({ ok, fail, options });
    },
  } as unknown as Geolocation;
  const position = (timestamp: number) =>
    ({ coords: { latitude: 30.2672, longitude: -97.7431, accuracy: 12 }, timestamp }) as GeolocationPosition;
  const error = (code: number) =>
    ({ code, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: '' }) as GeolocationPositionError;
  return { geolocation, requests, position, error };
}

const noAddress = async () => null;

describe('the device location source', () => {
  it('asks with high accuracy, a 10 s timeout and positions up to 5 minutes old, and never waits', () => {
    const gps = manualGeolocation();
    let now = 1_000_000;
    const source = createLocationSource({ geolocation: gps.geolocation, now: () => now, addressOf: noAddress });
    expect(source.latest()).toBeNull(); // nothing yet: the write goes without, a request starts
    expect(gps.requests).toHaveLength(1);
    expect(gps.requests[0]!.options).toEqual({ enableHighAccuracy: true, timeout: 10_000, maximumAge: 300_000 });
    expect(GEOLOCATION_OPTIONS.maximumAge).toBe(300_000);
    expect(source.latest()).toBeNull();
    expect(gps.requests).toHaveLength(1); // one request at a time

    gps.requests[0]!.ok(gps.position(now - 1000));
    expect(source.latest()).toEqual({
      latitude: 30.2672,
      longitude: -97.7431,
      accuracy: 12,
      timestamp: now - 1000,
      address: null,
    });
    now += 5 * 60_000; // older than 5 minutes: not used, asked again
    expect(source.latest()).toBeNull();
    expect(gps.requests).toHaveLength(2);
  });

  it('stops asking once refused, and keeps asking after a timeout', () => {
    const gps = manualGeolocation();
    const source = createLocationSource({ geolocation: gps.geolocation, addressOf: noAddress });
    source.refresh();
    gps.requests[0]!.fail!(gps.error(3));
    source.refresh();
    expect(gps.requests).toHaveLength(2);
    gps.requests[1]!.fail!(gps.error(1));
    source.refresh();
    expect(source.latest()).toBeNull();
    expect(gps.requests).toHaveLength(2);
  });

  it('works without geolocation at all', () => {
    const source = createLocationSource({ geolocation: undefined, addressOf: noAddress });
    expect(source.latest()).toBeNull();
  });

  it('adds the address when reverse geocoding answers', async () => {
    const gps = manualGeolocation();
    const source = createLocationSource({ geolocation: gps.geolocation, addressOf: async () => '1 Congress Ave' });
    source.refresh();
    gps.requests[0]!.ok(gps.position(Date.now()));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(source.latest()?.address).toBe('1 Congress Ave');
  });

  it('does not geocode unless an endpoint is configured', async () => {
    expect(await reverseGeocode(30.2672, -97.7431, '')).toBeNull();
  });
});
