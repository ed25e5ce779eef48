import { formatDateTime } from '@turnproof/config/time-format';
import {
  Box,
  Card,
  CardContent,
  Chip,
  Link as MuiLink,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  Typography,
} from '@mui/material';
import { Link } from 'react-router-dom';

import { issuePath, type OpenIssues, useOpenIssues } from '../runs/show/run-issues.ts';
import { useT } from '../i18n/useT.ts';
import { CreateWorkOrderButton, draftFromIssue } from '../work-orders/CreateWorkOrderButton.tsx';

const SEVERITY_COLORS = { high: 'error', medium: 'warning', low: 'default' } as const;

/**
 * The open-issues tile: how many reported issues nobody has dealt with yet, and the newest of them. Its
 * frame shows while the list loads, so the cards beside and below it keep their places when it arrives.
 */
export function OpenIssuesCard() {
  const t = useT();
  const { data, isError } = useOpenIssues();
  return (
    <Card variant="outlined" component="section" aria-labelledby="open-issues" aria-busy={!data && !isError}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
          <Typography id="open-issues" component="h2" variant="h6">
            {t('dashboard.openIssues')}
          </Typography>
          {data && (
            <Typography
              component="p"
              variant="h4"
              data-open-issues={data.total}
              color={data.total ? 'warning.dark' : 'text.secondary'}
              aria-label={t('dashboard.openCount', { count: data.total })}
            >
              {data.total}
            </Typography>
          )}
        </Box>
        {data ? <OpenIssuesList issues={data.issues} total={data.total} /> : <OpenIssuesPending failed={isError} />}
      </CardContent>
    </Card>
  );
}

function OpenIssuesPending({ failed }: { failed: boolean }) {
  const t = useT();
  if (failed) return <Typography color="error">{t('dashboard.openIssuesFailed')}</Typography>;
  // About the height of the one line an empty list shows; the card's aria-busy says it is loading.
  return <Skeleton variant="text" aria-hidden />;
}

function OpenIssuesList({ issues, total }: OpenIssues) {
  const t = useT();
  if (total === 0) return <Typography color="text.secondary">{t('dashboard.noOpenIssues')}</Typography>;
  return (
    <>
      <List dense disablePadding>
        {issues.map((issue) => (
          <ListItem key={issue.id} disableGutters divider sx={{ alignItems: 'flex-start', gap: 1 }}>
            <ListItemText
              primary={
                <MuiLink component={Link} to={issuePath(issue.run_id, issue.id)} sx={{ overflowWrap: 'anywhere' }}>
                  {issue.description}
                </MuiLink>
              }
              secondary={`${issue.property_name} · ${formatDateTime(issue.created_at, issue.timezone)}`}
            />
            <CreateWorkOrderButton draft={draftFromIssue(issue, issue.property_id)} />
            <Chip
              size="small"
              color={SEVERITY_COLORS[issue.severity]}
              label={t(`severity.${issue.severity}`)}
              sx={{ mt: 0.5 }}
            />
          </ListItem>
        ))}
      </List>
      {total > issues.length && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('dashboard.showingNewest', { shown: issues.length, total })}
        </Typography>
      )}
    </>
  );
}
