import { describe, expect, it } from 'vitest';
import { layoutWidth, midnightIn } from '../src/dashboard/dashboard-page.ts';

/** The dashboard's server render counts 'Completed Today' from the browser's midnight, as the console does. */
describe("the server render's start of today", () => {
  // 03:30 UTC on 2026-03-10: still the 9th in New York, already the 10th in Tokyo.
  const now = new Date('2026-03-10T03:30:00Z');

  it('is midnight in the time zone the browser wrote', () => {
    expect(midnightIn('America/New_York', now).toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(midnightIn('Asia/Tokyo', now).toISOString()).toBe('2026-03-09T15:00:00.000Z');
  });

  it('is midnight UTC when the cookie is missing or names no zone', () => {
    expect(midnightIn(undefined, now).toISOString()).toBe('2026-03-10T00:00:00.000Z');
    expect(midnightIn('Mars/Olympus_Mons', now).toISOString()).toBe('2026-03-10T00:00:00.000Z');
  });
});

/** The server lays the dashboard out for the width the console will render at. */
describe("the server render's window width", () => {
  const laptop =
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
  const phone =
    'Mozilla/5.0 (Linux; Android 12; SM-A135F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36';

  it('is the width an earlier console page wrote, whatever the User-Agent says', () => {
    expect(layoutWidth('390', laptop, '')).toBe(390);
    expect(layoutWidth('1440', phone, '?1')).toBe(1440);
  });

  it("is a phone's or a laptop's, as the User-Agent or the mobile hint says, without a usable cookie", () => {
    expect(layoutWidth(undefined, phone, '')).toBe(360);
    expect(layoutWidth(undefined, laptop, '?1')).toBe(360);
    expect(layoutWidth(undefined, laptop, '?0')).toBe(1280);
    expect(layoutWidth('wide', laptop, '')).toBe(1280);
    expect(layoutWidth('-5', phone, '')).toBe(360);
  });
});
