import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../api/http.ts';

/** A confirmed photo or video: short-lived signed links to it and its thumbnail. */
export interface EvidenceMedia {
  id: string;
  type: 'photo' | 'video';
  url: string;
  thumbnail_url: string | null;
  captured_at: string | null;
  received_at: string;
  address: string | null;
  /** Set when the host rejected the photo in a review: it no longer counts for its task. */
  rejected_at: string | null;
  /** The server's flags on a photo: empty when all is well (or while it is being checked). */
  checks: PhotoCheck[];
  /** Flags the host accepted: they still show, marked accepted. */
  accepted_checks: PhotoCheck[];
  /** For a reused photo: the run and photo it repeats. */
  reused_from: { run_id: string; media_id: string } | null;
}

export type PhotoCheck = 'blurry' | 'dark' | 'reused' | 'captured_before_run' | 'not_from_camera';

/**
 * GET /api/runs/{id}/evidence: media per task (signed links), where each task was checked, the run's
 * issues with their photos.
 */
export interface RunEvidence {
  tasks: {
    id: string;
    latitude: number | null;
    longitude: number | null;
    location_accuracy: number | null;
    address: string | null;
    /** The host's note when the task was last sent back. */
    revision_note: string | null;
    media: EvidenceMedia[];
  }[];
  issues: {
    id: string;
    run_task_id: string | null;
    kind: 'issue' | 'overdue' | 'at_risk' | 'calendar' | 'guest_present';
    severity: 'low' | 'medium' | 'high';
    description: string;
    created_at: string;
    resolved_at: string | null;
    media: EvidenceMedia[];
  }[];
}

/** Refetched when the run changes (status, task count), so new photos and issues show. */
export function useRunEvidence(runId: string, version: string) {
  return useQuery({
    queryKey: ['run-evidence', runId, version],
    queryFn: () => apiJson<RunEvidence>(`/runs/${runId}/evidence`),
    enabled: Boolean(runId),
  });
}

/** POST /api/runs/{id}/evidence/{mediaId}/accept-check: the flag stays shown, marked accepted. */
export function useAcceptCheck(runId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ mediaId, check }: { mediaId: string; check: PhotoCheck }) =>
      apiJson(`/runs/${runId}/evidence/${mediaId}/accept-check`, { method: 'POST', body: { check } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['run-evidence', runId] }),
  });
}

/** Where a task was checked: the address the phone gave, else its coordinates. */
export function placeOf(task: { address: string | null; latitude: number | null; longitude: number | null }) {
  if (task.address) return task.address;
  if (task.latitude == null || task.longitude == null) return null;
  return `${task.latitude.toFixed(5)}, ${task.longitude.toFixed(5)}`;
}
