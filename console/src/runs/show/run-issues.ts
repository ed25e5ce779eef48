import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../api/http.ts';

/** An issue as GET /api/runs/{id}/issues answers it: what was reported, and where the host has taken it. */
export interface IssueRecord {
  id: string;
  run_id: string;
  run_task_id: string | null;
  task_title: string | null;
  severity: 'low' | 'medium' | 'high';
  description: string;
  created_at: string;
  status: 'open' | 'resolved' | 'follow_up';
  resolved_at: string | null;
  resolution_note: string | null;
  follow_up_run_id: string | null;
}

/** GET /api/issues/open: the owner's newest open issues and how many are open. */
export interface OpenIssues {
  total: number;
  issues: (IssueRecord & { property_id: string; property_name: string; checklist_name: string; timezone: string })[];
}

/** The anchor of an issue on its run page (the alert and report mails link to it). */
export const issueAnchor = (issueId: string) => `issue-${issueId}`;
export const issuePath = (runId: string, issueId: string) => `/runs/${runId}/show#${issueAnchor(issueId)}`;

const runIssuesKey = (runId: string) => ['run-issues', runId];
export const openIssuesKey = ['open-issues'];

export function useRunIssues(runId: string) {
  return useQuery({
    queryKey: runIssuesKey(runId),
    queryFn: () => apiJson<IssueRecord[]>(`/runs/${runId}/issues`),
    enabled: Boolean(runId),
  });
}

export function useOpenIssues() {
  return useQuery({ queryKey: openIssuesKey, queryFn: () => apiJson<OpenIssues>('/issues/open') });
}

/** Resolve with a note, or turn into a follow-up run; either way the run's issues and the dashboard's list refresh. */
export function useIssueActions(runId: string) {
  const queryClient = useQueryClient();
  const onSuccess = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: runIssuesKey(runId) }),
      queryClient.invalidateQueries({ queryKey: openIssuesKey }),
    ]);
  const resolve = useMutation({
    mutationFn: ({ issueId, note }: { issueId: string; note: string }) =>
      apiJson<IssueRecord>(`/runs/${runId}/issues/${issueId}/resolve`, { method: 'POST', body: { note } }),
    onSuccess,
  });
  const followUp = useMutation({
    mutationFn: ({
      issueId,
      ...body
    }: {
      issueId: string;
      note: string;
      due_at: string | null;
      assigned_to: string | null;
    }) =>
      apiJson<{ issue: IssueRecord; run: { id: string } }>(`/runs/${runId}/issues/${issueId}/follow-up`, {
        method: 'POST',
        body,
      }),
    onSuccess,
  });
  return { resolve, followUp };
}
