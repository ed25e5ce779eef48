import { describe, expect, it } from 'vitest';
import { blockingTasks, incompleteRunMessage, msUntil } from '../src/run-rules.ts';

const task = (title: string, requiredMedia: number, checked: boolean, confirmedMedia: number) => ({
  id: title,
  title,
  requiredMedia,
  checked,
  confirmedMedia,
  changedAt: null,
});

describe('blockingTasks', () => {
  it('names each unfinished task with what it lacks', () => {
    expect(
      blockingTasks([
        task('Strip beds', 0, true, 0),
        task('Photograph kitchen', 2, false, 1),
        task('Check smoke alarm', 1, true, 0),
        task('Empty bins', 0, false, 0),
      ]),
    ).toEqual([
      'Photograph kitchen (not checked, needs 1 more photo)',
      'Check smoke alarm (needs 1 more photo)',
      'Empty bins (not checked)',
    ]);
  });

  it('lets a run with every task checked and photographed complete', () => {
    expect(blockingTasks([task('A', 2, true, 3), task('B', 0, true, 0)])).toEqual([]);
  });

  it('makes one sentence of them', () => {
    expect(incompleteRunMessage(['A (not checked)', 'B (needs 2 more photos)'])).toBe(
      'Complete these tasks first: A (not checked); B (needs 2 more photos).',
    );
  });
});

describe('msUntil', () => {
  const now = Date.parse('2026-11-22T10:00:00Z');
  it('counts down to an instant, minus an offset', () => {
    expect(msUntil('2026-11-22T14:00:00Z', now)).toBe(4 * 3600_000);
    expect(msUntil('2026-11-22T14:00:00Z', now, 2 * 3600_000)).toBe(2 * 3600_000);
  });
  it('never goes below zero for instants already past', () => {
    expect(msUntil('2026-11-22T11:00:00Z', now, 2 * 3600_000)).toBe(0);
    expect(msUntil('2026-11-21T10:00:00Z', now)).toBe(0);
  });
});
