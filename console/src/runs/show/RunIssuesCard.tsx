import { formatDateTime } from '@turnproof/config/time-format';
import { Box, Button, Card, CardContent, Chip, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useLocale } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import type { MessageKey } from '../../i18n/keys.ts';
import { type T, useT } from '../../i18n/useT.ts';
import { CreateWorkOrderButton, draftFromIssue } from '../../work-orders/CreateWorkOrderButton.tsx';
import { FollowUpDialog, ResolveDialog } from './IssueDialogs.tsx';
import { MediaThumbnails } from './MediaThumbnails.tsx';
import type { EvidenceMedia, RunEvidence } from './run-evidence.ts';
import { type IssueRecord, issueAnchor, useRunIssues } from './run-issues.ts';

// The colours of MUI's standard Alerts: dark text on a light tint, readable at chip size.
const STATUS_CHIPS = {
  open: { label: 'runPage.open', sx: { bgcolor: '#fff4e5', color: '#663c00' } },
  resolved: { label: 'runPage.resolved', sx: { bgcolor: '#edf7ed', color: '#1e4620' } },
  follow_up: { label: 'runPage.followUpRun', sx: { bgcolor: '#e5f6fd', color: '#014361' } },
} as const satisfies Record<IssueRecord['status'], { label: MessageKey; sx: object }>;

type Alert = RunEvidence['issues'][number] & { kind: 'overdue' | 'at_risk' | 'calendar' | 'guest_present' };
const ALERT_LABELS: Record<Alert['kind'], MessageKey> = {
  overdue: 'runPage.overdue',
  at_risk: 'runPage.atRisk',
  calendar: 'dispatch.bookingCalendar',
  guest_present: 'hours.guestPresentAlert',
};

type Action = { kind: 'resolve' | 'follow_up'; issue: IssueRecord };

const rowSx = (highlighted: boolean) => ({
  p: 1.5,
  borderRadius: 1,
  border: 1,
  borderColor: highlighted ? 'primary.main' : 'divider',
  outline: 'none',
});

/**
 * The run's issues in one card: each one the cleaner reported with its photos, severity, where it
 * stands and the host's two ways to close it (resolved with a note, or a follow-up run); then what
 * the workflow raised (overdue, check-in at risk, calendar). Each issue carries the anchor the mails
 * link to. Status comes from GET /runs/{id}/issues, photos from the run's evidence.
 */
export function RunIssuesCard({
  runId,
  propertyId,
  evidence,
  timeZone,
}: {
  runId: string;
  propertyId: string;
  evidence: RunEvidence | undefined;
  timeZone: string;
}) {
  const t = useT();
  const locale = useLocale();
  const { data: issues = [] } = useRunIssues(runId);
  const { hash } = useLocation();
  const target = hash.slice(1);
  const [action, setAction] = useState<Action | null>(null);
  const mediaOf = new Map((evidence?.issues ?? []).map((item) => [item.id, item.media]));
  const alerts = (evidence?.issues ?? []).filter((item): item is Alert => item.kind !== 'issue');

  // A mail's link names one issue: bring it into view once the issues are there.
  useEffect(() => {
    if (!issues.length || !target) return;
    const element = document.getElementById(target);
    element?.scrollIntoView({ block: 'center' });
    element?.focus({ preventScroll: true });
  }, [issues, target]);

  return (
    <Card variant="outlined" component="section" aria-labelledby="run-issues">
      <CardContent>
        <Typography id="run-issues" component="h2" variant="h6">
          {t('runPage.issues', { count: issues.length })}
        </Typography>
        {issues.length === 0 && alerts.length === 0 && <Typography variant="body2">{t('runPage.noIssues')}</Typography>}
        <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
          {issues.map((issue) => (
            <Box
              component="li"
              key={issue.id}
              id={issueAnchor(issue.id)}
              tabIndex={-1}
              aria-label={t('runPage.issueLabel', { description: issue.description })}
              sx={rowSx(target === issueAnchor(issue.id))}
            >
              <IssueRow
                runId={runId}
                issue={issue}
                propertyId={propertyId}
                media={mediaOf.get(issue.id) ?? []}
                timeZone={timeZone}
                onAction={(kind) => setAction({ kind, issue })}
              />
            </Box>
          ))}
          {alerts.map((alert) => (
            <Box
              component="li"
              key={alert.id}
              aria-label={t('runPage.alertLabel', { description: alert.description })}
              sx={rowSx(false)}
            >
              <Stack
                direction="row"
                spacing={1}
                useFlexGap
                sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
              >
                <Chip size="small" label={`${t(ALERT_LABELS[alert.kind])} · ${t(`severity.${alert.severity}`)}`} />
                <Typography sx={{ overflowWrap: 'anywhere' }}>{alert.description}</Typography>
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {formatDateTime(alert.created_at, timeZone, locale)}
              </Typography>
            </Box>
          ))}
        </Stack>
      </CardContent>
      {action?.kind === 'resolve' && (
        <ResolveDialog runId={runId} issue={action.issue} onClose={() => setAction(null)} />
      )}
      {action?.kind === 'follow_up' && (
        <FollowUpDialog runId={runId} issue={action.issue} timeZone={timeZone} onClose={() => setAction(null)} />
      )}
    </Card>
  );
}

function IssueRow({
  runId,
  issue,
  propertyId,
  media,
  timeZone,
  onAction,
}: {
  runId: string;
  issue: IssueRecord;
  propertyId: string;
  media: EvidenceMedia[];
  timeZone: string;
  onAction: (kind: Action['kind']) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const chip = STATUS_CHIPS[issue.status];
  return (
    <Stack spacing={0.75}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Chip size="small" label={t(chip.label)} sx={{ ...chip.sx, fontWeight: 600 }} />
        <Chip
          size="small"
          variant="outlined"
          label={t('runPage.severity', { severity: t(`severity.${issue.severity}`) })}
        />
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{issue.description}</Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('runPage.reported', { when: formatDateTime(issue.created_at, timeZone, locale) })}
        {issue.task_title ? t('runPage.onTask', { task: issue.task_title }) : ''}
      </Typography>
      <MediaThumbnails
        runId={runId}
        media={media}
        subject={t('runPage.issueSubject', { description: issue.description })}
        timeZone={timeZone}
      />
      {issue.status !== 'open' && issue.resolved_at && (
        <Typography variant="body2">{closedSentence(t, issue, issue.resolved_at, locale, timeZone)}</Typography>
      )}
      {issue.follow_up_run_id && (
        <MuiLink component={Link} to={`/runs/${issue.follow_up_run_id}/show`} variant="body2">
          {t('runPage.openFollowUp')}
        </MuiLink>
      )}
      {issue.status === 'open' && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button size="small" variant="contained" onClick={() => onAction('resolve')}>
            {t('runPage.resolve')}
          </Button>
          <Button size="small" variant="outlined" onClick={() => onAction('follow_up')}>
            {t('runPage.makeFollowUp')}
          </Button>
          <CreateWorkOrderButton draft={draftFromIssue(issue, propertyId)} />
        </Stack>
      )}
    </Stack>
  );
}

/** 'Resolved Nov 27, 2026, 9:30 AM EST: new bulb fitted', 'Follow-up run made Nov 27, …'. */
function closedSentence(t: T, issue: IssueRecord, closedAt: string, locale: string, timeZone: string): string {
  const when = formatDateTime(closedAt, timeZone, locale);
  const text = t(issue.status === 'resolved' ? 'runPage.resolvedAt' : 'runPage.followUpMadeAt', { when });
  return issue.resolution_note ? t('runPage.withNote', { text, note: issue.resolution_note }) : text;
}
