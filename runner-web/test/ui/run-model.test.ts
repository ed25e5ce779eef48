import { describe, expect, it } from 'vitest';
import {
  currentTaskId,
  elapsedSeconds,
  inspectionBanner,
  nextTaskId,
  overlayRun,
  parseRunAnswer,
  type PublicRun,
  statusLabel,
  syncPercent,
} from '../../src/run-model.ts';

const answer = {
  run: {
    id: 'run-1',
    status: 'pending',
    type: 'move_in',
    meta: { unit: '4B', tenant_name: 'Ada Lovelace' },
    started_at: null,
    ended_at: null,
    checklist_name: 'Move-in',
    property: { name: 'Harbour Flat', address: '1 Quay St' },
    tasks: [
      { id: 't3', checked: false, order_index: 2, task: { title: 'Three', required_media: 0 }, media_count: 0 },
      { id: 't1', checked: true, order_index: 0, task: { title: 'One', required_media: 1 }, media_count: 1 },
      { id: 't2', checked: false, order_index: 1, task: { title: 'Two', required_media: 2 }, media_count: 0 },
    ],
  },
};

const run = (): PublicRun => parseRunAnswer(answer)!;

describe('run model', () => {
  it('reads the run answer and orders tasks', () => {
    expect(run().tasks.map((task) => task.id)).toEqual(['t1', 't2', 't3']);
    expect(run().tasks[1]!.task).toEqual({ title: 'Two', description: null, required_media: 2, camera_only: false });
    expect(parseRunAnswer({ nope: true })).toBeNull();
  });

  it('picks the first open task, keeps an open preferred one, and moves on after completion', () => {
    const tasks = run().tasks;
    expect(currentTaskId(tasks)).toBe('t2');
    expect(currentTaskId(tasks, 't3')).toBe('t3');
    expect(currentTaskId(tasks, 't1')).toBe('t2');
    expect(nextTaskId(tasks, 't2')).toBe('t3');
    expect(nextTaskId(tasks, 't3')).toBe('t2');
    expect(currentTaskId(tasks.map((task) => ({ ...task, checked: true })))).toBeNull();
  });

  it('labels status, elapsed seconds and sync progress', () => {
    expect(statusLabel('in_progress')).toBe('in progress');
    expect(elapsedSeconds(1_000, 62_400)).toBe(61);
    expect(elapsedSeconds(5_000, 1_000)).toBe(0);
    expect(syncPercent(1, 4)).toBe(25);
    expect(syncPercent(0, 0)).toBe(100);
  });

  it('shows the move-in and move-out banner only for those runs', () => {
    expect(inspectionBanner(run())).toEqual({ kind: 'move_in', unit: '4B', tenant: 'Ada Lovelace' });
    expect(inspectionBanner({ type: 'move_out', meta: null })?.kind).toBe('move_out');
    expect(inspectionBanner({ type: 'turnover', meta: null })).toBeNull();
  });

  it('lays queued actions and files over the run', () => {
    const view = overlayRun(run(), {
      actions: [{ type: 'task', runTaskId: 't2', payload: { checked: true, comment: 'ok', duration_seconds: 30 } }],
      queuedMedia: { t2: 2 },
    });
    expect(view.status).toBe('in_progress');
    expect(view.tasks[1]).toMatchObject({ checked: true, comment: 'ok', duration_seconds: 30, media_count: 2 });
    expect(overlayRun(view, { actions: [{ type: 'complete' }], queuedMedia: {} }).status).toBe('completed');
  });
});
