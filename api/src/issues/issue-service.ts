import type { EntityManager } from '@mikro-orm/postgresql';
import { Alert, type IssueStatus } from '@turnproof/db';
import { conflict, notFound } from '../http/errors.ts';
import type { AppDeps } from '../app-deps.ts';
import { createRun, findOwnedRun } from '../runs/run-service.ts';
import { type FollowUpInput, issueMessages } from './issue-input.ts';

/** An issue the cleaner reported, with where the host has taken it. */
export function toIssueRecord(issue: Alert) {
  return {
    id: issue.id,
    run_id: issue.run.id,
    run_task_id: issue.run_task?.id ?? null,
    task_title: issue.run_task?.title ?? null,
    severity: issue.severity,
    description: issue.description,
    created_at: issue.created_at.toISOString(),
    status: issue.status,
    resolved_at: issue.resolved_at?.toISOString() ?? null,
    resolution_note: issue.resolution_note ?? null,
    follow_up_run_id: issue.follow_up_run_id ?? null,
  };
}

/** The issues of an own run, oldest first (404 for another owner's run). */
export async function issuesOfRun(em: EntityManager, ownerId: string, runId: string) {
  const run = await findOwnedRun(em, ownerId, runId);
  const issues = await em.find(
    Alert,
    { run: run.id, kind: 'issue' },
    { populate: ['run_task'], orderBy: { created_at: 'asc', id: 'asc' } },
  );
  return issues.map(toIssueRecord);
}

/** One issue of one own run; another owner's ids, or ids that do not belong together, are not found. */
async function findOwnedIssue(em: EntityManager, ownerId: string, runId: string, issueId: string) {
  const issue = await em.findOne(
    Alert,
    { id: issueId, kind: 'issue', run: { id: runId, property: { owner: ownerId } } },
    { populate: ['run.property', 'run_task'] },
  );
  if (!issue) throw notFound(issueMessages.notFound);
  return issue;
}

function assertOpen(issue: Alert) {
  if (issue.status !== 'open') throw conflict(issueMessages.notOpen(issue.status as Exclude<IssueStatus, 'open'>));
}

/** The host closes the issue with a note on what was done. */
export async function resolveIssue(em: EntityManager, ownerId: string, runId: string, issueId: string, note: string) {
  const issue = await findOwnedIssue(em, ownerId, runId, issueId);
  assertOpen(issue);
  em.assign(issue, { status: 'resolved', resolution_note: note, resolved_at: new Date() });
  await em.flush();
  return toIssueRecord(issue);
}

const clip = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

/**
 * The issue becomes a run of its own at the same property: one task (fix it, with a photo of the fix),
 * its own magic link, due time and cleaner. The run and the issue's new status are written together, and
 * only while the issue is still open, so two clicks never make two runs.
 */
export async function followUpIssue(
  deps: AppDeps,
  em: EntityManager,
  ownerId: string,
  runId: string,
  issueId: string,
  input: FollowUpInput,
) {
  const issue = await findOwnedIssue(em, ownerId, runId, issueId);
  assertOpen(issue);
  const source = {
    name: clip(`Follow-up: ${issue.description}`, 200),
    checklist: null,
    template: null,
    tasks: [
      {
        title: clip(`Fix: ${issue.description}`, 200),
        description: `Reported during "${issue.run.checklist_name}" (${issue.severity} severity)${
          issue.run_task ? `, task "${issue.run_task.title}"` : ''
        }. Take a photo once it is fixed.`,
        required_media: 1,
      },
    ],
  };
  const run = await createRun(
    deps,
    em,
    ownerId,
    {
      property_id: issue.run.property.id,
      type: 'turnover',
      meta: {},
      due_at: input.due_at,
      assigned_to: input.assigned_to,
    },
    {
      source,
      within: async (tx, followUp) => {
        const changed = await tx.nativeUpdate(
          Alert,
          { id: issue.id, status: 'open' },
          { status: 'follow_up', follow_up_run_id: followUp.id, resolution_note: input.note, resolved_at: new Date() },
        );
        if (changed === 0) throw conflict(issueMessages.notOpen('follow_up'));
      },
    },
  );
  const updated = await findOwnedIssue(em.fork(), ownerId, runId, issueId);
  return { issue: toIssueRecord(updated), run };
}

/** Issue counts (all, and still open) of each of the runs, in one query. */
export async function issueCountsOf(em: EntityManager, runIds: string[]) {
  const counts = new Map<string, { issue_count: number; open_issue_count: number }>(
    runIds.map((id) => [id, { issue_count: 0, open_issue_count: 0 }]),
  );
  if (runIds.length === 0) return counts;
  const rows = await em.getConnection().execute<{ run_id: string; total: string; open: string }[]>(
    `select run_id, count(*) as total, count(*) filter (where status = 'open') as open
       from alerts where kind = 'issue' and run_id in (${runIds.map(() => '?').join(', ')})
      group by run_id`,
    runIds,
  );
  for (const row of rows)
    counts.set(row.run_id, { issue_count: Number(row.total), open_issue_count: Number(row.open) });
  return counts;
}

/** The owner's open issues across all runs, newest first, with their total. */
export async function openIssuesOf(em: EntityManager, ownerId: string, limit = 20) {
  const [issues, total] = await em.findAndCount(
    Alert,
    { kind: 'issue', status: 'open', run: { property: { owner: ownerId } } },
    { populate: ['run.property', 'run_task'], orderBy: { created_at: 'desc', id: 'desc' }, limit },
  );
  return {
    total,
    issues: issues.map((issue) => ({
      ...toIssueRecord(issue),
      property_id: issue.run.property.id,
      property_name: issue.run.property.name,
      checklist_name: issue.run.checklist_name,
      timezone: issue.run.property.timezone,
    })),
  };
}
