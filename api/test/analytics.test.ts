import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, signedInOwner } from './support/browser.ts';
import { ownerRecords } from './support/owner-records.ts';
import { startTestApi, type TestApi } from './support/test-api.ts';

let api: TestApi;
let records: ReturnType<typeof ownerRecords>;
beforeAll(async () => {
  api = await startTestApi();
  records = ownerRecords(api);
});
afterAll(() => api.close());

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);

/** A run completed `endedAgo` ago after `minutes` of work, created an hour before it started. */
function completed(endedAgo: number, minutes: number, dueAt: Date | null = null) {
  const ended_at = ago(endedAgo);
  const started_at = new Date(ended_at.getTime() - minutes * 60 * 1000);
  return {
    status: 'completed' as const,
    created_at: new Date(started_at.getTime() - HOUR),
    started_at,
    ended_at,
    due_at: dueAt,
  };
}

/**
 * Alpha: a 30-minute run two days ago (on time, 2 photos, a high issue) and a 90-minute one three
 * days ago (late, 1 photo, a low issue). Beta: a 60-minute run 20 days ago (no due time, a medium
 * issue), a 120-minute run 60 days ago (a high issue) and a pending run from yesterday.
 */
async function seededOwner() {
  const owner = await signedInOwner(api);
  await records.grantPlan(owner.userId, 'pro');
  const alpha = await records.property(owner.userId, 'Alpha Loft');
  const beta = await records.property(owner.userId, 'Beta House');

  const onTime = await records.run(alpha, completed(2 * DAY, 30, ago(2 * DAY - HOUR)));
  await records.photo(onTime.runId, onTime.taskIds[0]!);
  await records.photo(onTime.runId, onTime.taskIds[0]!);
  await records.alert(onTime.runId, 'high', ago(2 * DAY));
  const late = await records.run(alpha, completed(3 * DAY, 90, ago(3 * DAY + HOUR)));
  await records.photo(late.runId, late.taskIds[0]!);
  await records.alert(late.runId, 'low', ago(3 * DAY));
  const older = await records.run(beta, completed(20 * DAY, 60));
  await records.alert(older.runId, 'medium', ago(20 * DAY));
  const oldest = await records.run(beta, completed(60 * DAY, 120));
  await records.alert(oldest.runId, 'high', ago(60 * DAY));
  await records.run(beta, { created_at: ago(DAY) });
  return { owner, alpha, beta };
}

const figures = (owner: Browser, days?: number) => owner.get(`/api/analytics${days ? `?days=${days}` : ''}`);

describe('GET /api/analytics', () => {
  it('answers the figures of the seeded runs for 7, 30 and 90 days, counting only the owner’s data', async () => {
    const { owner, alpha, beta } = await seededOwner();
    // Another professional owner's busy week must not show up anywhere in the first owner's figures.
    const other = await signedInOwner(api);
    await records.grantPlan(other.userId, 'team');
    const otherProperty = await records.property(other.userId, 'Other Place');
    const otherRun = await records.run(otherProperty, completed(DAY, 10, ago(0)));
    await records.alert(otherRun.runId, 'high', ago(DAY));

    const week = await figures(owner, 7);
    expect(week.status).toBe(200);
    expect(week.body).toMatchObject({
      days: 7,
      runs_completed: 2,
      average_duration_seconds: 3600,
      on_time: { on_time: 1, with_due_time: 2, rate_percent: 50 },
      issues: { total: 2, low: 1, medium: 0, high: 1 },
      photos: { total: 3, per_run: 1.5 },
      properties: [
        { id: alpha, name: 'Alpha Loft', runs: 2, completed: 2, issues: 2 },
        { id: beta, name: 'Beta House', runs: 1, completed: 0, issues: 0 },
      ],
    });

    const month = await figures(owner, 30);
    expect(month.body).toMatchObject({
      runs_completed: 3,
      average_duration_seconds: 3600,
      on_time: { on_time: 1, with_due_time: 2, rate_percent: 50 },
      issues: { total: 3, low: 1, medium: 1, high: 1 },
      photos: { total: 3, per_run: 1 },
      properties: [
        { name: 'Alpha Loft', runs: 2, completed: 2, issues: 2 },
        { name: 'Beta House', runs: 2, completed: 1, issues: 1 },
      ],
    });

    const quarter = await figures(owner, 90);
    expect(quarter.body).toMatchObject({
      runs_completed: 4,
      average_duration_seconds: 4500,
      issues: { total: 4, low: 1, medium: 1, high: 2 },
      photos: { total: 3, per_run: 0.8 },
    });

    for (const answer of [week, month, quarter]) {
      const weeks = answer.body.completions_per_week as { week_start: string; completed: number }[];
      // Every week of the period is there, each starting on a Monday, and together they hold every completion.
      expect(weeks.length).toBeGreaterThanOrEqual(Math.ceil(answer.body.days / 7));
      expect(weeks.length).toBeLessThanOrEqual(Math.ceil(answer.body.days / 7) + 1);
      for (const { week_start } of weeks) expect(new Date(`${week_start}T00:00:00Z`).getUTCDay()).toBe(1);
      expect(weeks.reduce((sum, entry) => sum + entry.completed, 0)).toBe(answer.body.runs_completed);
    }
    expect(month.body.properties.map((p: { id: string }) => p.id)).not.toContain(otherProperty);
  });

  it('defaults to 30 days and shows zeros and nulls to an owner with no runs', async () => {
    const owner = await signedInOwner(api);
    await records.grantPlan(owner.userId, 'pro');
    const answer = await figures(owner);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      days: 30,
      runs_completed: 0,
      average_duration_seconds: null,
      on_time: { on_time: 0, with_due_time: 0, rate_percent: null },
      issues: { total: 0, low: 0, medium: 0, high: 0 },
      photos: { total: 0, per_run: null },
      properties: [],
    });
    expect(answer.body.completions_per_week.every((entry: { completed: number }) => entry.completed === 0)).toBe(true);
  });

  it('refuses plans without analytics with the upgrade sentence, and bad periods with a 400', async () => {
    const starter = await signedInOwner(api);
    await records.endTrial(starter.userId);
    const refused = await figures(starter, 30);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('Upgrade to access detailed analytics and reports');
    await records.grantPlan(starter.userId, 'starter');
    expect((await figures(starter, 7)).status).toBe(403);

    const pro = await signedInOwner(api);
    await records.grantPlan(pro.userId, 'pro');
    for (const days of ['14', 'abc', '-7', '7.5']) {
      const answer = await pro.get(`/api/analytics?days=${days}`);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe('days must be 7, 30 or 90.');
    }
    expect((await pro.get('/api/analytics?days=7&days=30')).status).toBe(400);
    expect((await new Browser(api.baseUrl).get('/api/analytics')).status).toBe(401);
  });
});

describe('the analytics Filter and Recent Activity', () => {
  /** An activity as the API records it, at a chosen time. */
  const activity = (userId: string, type: string, details: Record<string, unknown>, at: Date) =>
    api.orm.em
      .getConnection()
      .execute(
        `insert into user_activity (id, user_id, activity_type, details, created_at) values (gen_random_uuid(), ?, ?, ?, ?)`,
        [userId, type, JSON.stringify(details), at],
      );

  it('applies the property and run type filter to every figure and to the recent activity', async () => {
    const { owner, alpha, beta } = await seededOwner();
    // A move-out at Beta four days ago: 30 minutes, a medium issue.
    const moveOut = await records.run(beta, { ...completed(4 * DAY, 30), type: 'move_out' });
    await records.alert(moveOut.runId, 'medium', ago(4 * DAY));
    await activity(owner.userId, 'property_added', { property_id: alpha, property_name: 'Alpha Loft' }, ago(9 * DAY));
    await activity(owner.userId, 'property_added', { property_id: beta, property_name: 'Beta House' }, ago(8 * DAY));
    await activity(
      owner.userId,
      'run_completed',
      { run_id: moveOut.runId, property_name: 'Beta House', checklist_name: 'Move-out check' },
      ago(4 * DAY),
    );
    await activity(owner.userId, 'template_created', { template_name: 'Pool house' }, ago(DAY));
    await activity(owner.userId, 'property_added', { property_id: alpha, property_name: 'Alpha Loft' }, ago(60 * DAY));

    const all = await owner.get('/api/analytics?days=30');
    expect(all.body).toMatchObject({ runs_completed: 4, filter: { property_id: null, type: null } });
    // Seeing the figures completes the onboarding step view-analytics.
    const [step] = await api.orm.em
      .getConnection()
      .execute<{ completed: boolean }[]>(
        `select completed from user_onboarding_progress where user_id = ? and step_id = 'view-analytics'`,
        [owner.userId],
      );
    expect(step?.completed).toBe(true);
    // Newest first, within the period (the 60-day-old one is left out), in words.
    expect(all.body.recent_activity.map((entry: { summary: string }) => entry.summary)).toEqual([
      'Template created: Pool house',
      'Inspection run completed: Beta House · Move-out check',
      'Property added: Beta House',
      'Property added: Alpha Loft',
    ]);

    const atBeta = await owner.get(`/api/analytics?days=30&property_id=${beta}`);
    expect(atBeta.status).toBe(200);
    expect(atBeta.body).toMatchObject({
      filter: { property_id: beta, type: null },
      runs_completed: 2,
      average_duration_seconds: 45 * 60,
      issues: { total: 2, low: 0, medium: 2, high: 0 },
      photos: { total: 0 },
      properties: [{ id: beta, name: 'Beta House', runs: 3, completed: 2, issues: 2 }],
    });
    expect(
      atBeta.body.completions_per_week.reduce((sum: number, w: { completed: number }) => sum + w.completed, 0),
    ).toBe(2);
    expect(atBeta.body.recent_activity.map((entry: { summary: string }) => entry.summary)).toEqual([
      'Inspection run completed: Beta House · Move-out check',
      'Property added: Beta House',
    ]);

    const moveOuts = await owner.get('/api/analytics?days=30&type=move_out');
    expect(moveOuts.body).toMatchObject({
      filter: { property_id: null, type: 'move_out' },
      runs_completed: 1,
      average_duration_seconds: 30 * 60,
      issues: { total: 1, medium: 1 },
      properties: [
        { name: 'Beta House', runs: 1, completed: 1, issues: 1 },
        { name: 'Alpha Loft', runs: 0, completed: 0, issues: 0 },
      ],
    });
    expect(moveOuts.body.recent_activity.map((entry: { summary: string }) => entry.summary)).toEqual([
      'Inspection run completed: Beta House · Move-out check',
    ]);

    const alphaMoveOuts = await owner.get(`/api/analytics?days=30&type=move_out&property_id=${alpha}`);
    expect(alphaMoveOuts.body).toMatchObject({
      runs_completed: 0,
      issues: { total: 0 },
      properties: [{ name: 'Alpha Loft', runs: 0 }],
      recent_activity: [],
    });
  });

  it('refuses a bad filter with a 400 naming it, and another owner’s property', async () => {
    const { owner } = await seededOwner();
    const other = await signedInOwner(api);
    const theirs = await records.property(other.userId, 'Not Yours');
    for (const [query, named] of [
      ['property_id=abc', 'property_id'],
      [`property_id=${theirs}`, 'property_id'],
      [`property_id=${crypto.randomUUID()}`, 'property_id'],
      ['type=deep_clean', 'type'],
      ['type=', 'type'],
      ['type=turnover&type=move_in', 'type'],
    ] as const) {
      const answer = await owner.get(`/api/analytics?days=30&${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.error, query).toContain(named);
    }
  });
});
