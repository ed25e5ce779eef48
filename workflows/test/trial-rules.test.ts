import { describe, expect, it } from 'vitest';
import { trialNoticesDue } from '../src/trial-rules.ts';

const DAY = 24 * 60 * 60 * 1000;
const notices = { expiringNoticeMs: 3 * DAY, endingSoonNoticeMs: 1 * DAY };
const end = Date.parse('2026-12-15T12:00:00Z');
const at = (daysBeforeEnd: number) => end - daysBeforeEnd * DAY;

describe('trialNoticesDue', () => {
  it('plans both reminders for a fresh trial, 3 days and 1 day before its end', () => {
    expect(trialNoticesDue(new Date(end).toISOString(), at(14), notices)).toEqual([
      { notice: 'expiring', atMs: at(3) },
      { notice: 'ending_soon', atMs: at(1) },
    ]);
  });

  it('sends a missed reminder at once unless the next one is already due', () => {
    const iso = new Date(end).toISOString();
    expect(trialNoticesDue(iso, at(2), notices).map((n) => n.notice)).toEqual(['expiring', 'ending_soon']);
    expect(trialNoticesDue(iso, at(0.5), notices).map((n) => n.notice)).toEqual(['ending_soon']);
    expect(trialNoticesDue(iso, end, notices)).toEqual([]);
  });
});
