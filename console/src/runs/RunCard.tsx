import { formatDateTime, formatDue } from '@turnproof/config/time-format';
import EventIcon from '@mui/icons-material/Event';
import LinkIcon from '@mui/icons-material/Link';
import PersonIcon from '@mui/icons-material/Person';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  LinearProgress,
  Link as MuiLink,
  Stack,
  Typography,
} from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useLocale, useRefresh } from 'react-admin';
import { Link } from 'react-router-dom';
import { TypeBadge } from '../checklists/TypeBadge.tsx';
import { useNow } from '../dashboard/useNow.ts';
import type { RunRecord } from '../resource-records.ts';
import { MagicLinkPanel } from './MagicLinkPanel.tsx';
import { ClaimPackButton } from './ClaimPackButton.tsx';
import { issueSummary } from './due-label.ts';
import { ReportActions } from './ReportActions.tsx';
import { canReview, ReviewActions, reviewSummary } from './ReviewActions.tsx';
import { RunMenu } from './RunMenu.tsx';
import { StatusChip } from './StatusChip.tsx';
import { useT } from '../i18n/useT.ts';

/** A line of the card's schedule: an icon (orange when it needs the host's eye) and what it says. */
function Fact({ Icon, children, warn = false }: { Icon: typeof EventIcon; children: ReactNode; warn?: boolean }) {
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
      <Icon fontSize="small" color={warn ? 'warning' : 'action'} aria-hidden />
      <Typography variant="body2" sx={{ fontWeight: warn ? 600 : undefined }}>
        {children}
      </Typography>
    </Stack>
  );
}

/** Due time (in the property's zone), assignee and issues: what a host scans the list for. */
function RunSchedule({ run }: { run: RunRecord }) {
  const t = useT();
  const locale = useLocale();
  const now = useNow(60_000);
  const timeZone = run.property.timezone;
  const open = run.open_issue_count ?? 0;
  const issues = issueSummary(t, run.issue_count ?? 0, open);
  const overdue =
    run.due_at !== null &&
    run.status !== 'completed' &&
    run.status !== 'canceled' &&
    Date.parse(run.due_at) < now.getTime();
  return (
    <Stack spacing={0.5} sx={{ mt: 1.5 }}>
      <Fact Icon={EventIcon} warn={!run.due_at || overdue}>
        {run.due_at
          ? t(overdue ? 'runs.overdueWasDue' : 'runs.due', { when: formatDue(run.due_at, timeZone, now, locale) })
          : t('runs.noDueTime')}
      </Fact>
      <Fact Icon={PersonIcon} warn={!run.assignee}>
        {run.assignee ? t('runs.assignedTo', { name: run.assignee.name }) : t('runs.unassigned')}
      </Fact>
      {issues && (
        <Fact Icon={ReportProblemIcon} warn={open > 0}>
          {issues}
        </Fact>
      )}
    </Stack>
  );
}

/** One inspection run: where, what, when, who, how far, its issues; its magic link, its report and its menu. */
export function RunCard({ run }: { run: RunRecord }) {
  const t = useT();
  const locale = useLocale();
  const refresh = useRefresh();
  const [linkOpen, setLinkOpen] = useState(false);
  const percent = run.task_count ? Math.round((run.completed_task_count / run.task_count) * 100) : 0;
  const tenant = [run.meta.unit && t('runs.unit', { unit: run.meta.unit }), run.meta.tenant_name]
    .filter(Boolean)
    .join(' · ');

  return (
    <Card component="article" variant="outlined" aria-labelledby={`run-${run.id}`}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography id={`run-${run.id}`} component="h2" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
              {/* The card opens its run: the property's name is the link. */}
              <MuiLink component={Link} to={`/runs/${run.id}/show`} underline="hover" color="inherit">
                {run.property.name}
              </MuiLink>
            </Typography>
            <Typography color="text.secondary" variant="body2">
              {run.checklist.name}
            </Typography>
          </Box>
          <RunMenu run={run} />
        </Stack>
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
          <StatusChip status={run.status} />
          <TypeBadge type={run.type} />
          {reviewSummary(t, run.review) && (
            <Chip size="small" variant="outlined" label={reviewSummary(t, run.review)} />
          )}
        </Stack>
        <RunSchedule run={run} />
        {tenant && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {tenant}
          </Typography>
        )}
        <Box sx={{ mt: 1.5 }}>
          <Typography variant="body2" id={`run-progress-${run.id}`}>
            {t('runs.tasksDone', { done: run.completed_task_count, total: run.task_count })}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={percent}
            aria-labelledby={`run-progress-${run.id}`}
            sx={{ mt: 0.5 }}
          />
        </Box>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {t('runs.created', { when: formatDateTime(run.created_at, run.property.timezone, locale) })}
          {run.ended_at
            ? t('runs.completedAt', { when: formatDateTime(run.ended_at, run.property.timezone, locale) })
            : run.started_at
              ? t('runs.startedAt', { when: formatDateTime(run.started_at, run.property.timezone, locale) })
              : ''}
        </Typography>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
        <Button size="small" variant="contained" component={Link} to={`/runs/${run.id}/show`}>
          {t('runs.openRun')}
        </Button>
        <Button size="small" variant="outlined" startIcon={<LinkIcon />} onClick={() => setLinkOpen(true)}>
          {t('runs.magicLink')}
        </Button>
        {run.status === 'completed' && <ReportActions runId={run.id} />}
        {canReview(run) && <ReviewActions run={run} />}
        {run.status === 'completed' && <ClaimPackButton runId={run.id} />}
      </CardActions>
      <Dialog
        open={linkOpen}
        onClose={() => setLinkOpen(false)}
        fullWidth
        maxWidth="sm"
        aria-labelledby={`magic-link-${run.id}`}
      >
        <DialogContent>
          {/* The list is read again after a rotation or revocation, which updates this run. */}
          <MagicLinkPanel run={run} onChange={() => refresh()} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setLinkOpen(false)}>{t('common.close')}</Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
