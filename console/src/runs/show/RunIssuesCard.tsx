import { formatDateTime } from '@turnproof/config/time-format';
import { Card, CardContent, Chip, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';

import { MediaThumbnails } from './MediaThumbnails.tsx';
import type { RunEvidence } from './run-evidence.ts';

const KIND_LABELS: Record<RunEvidence['issues'][number]['kind'], string> = {
  issue: 'Issue',
  overdue: 'Overdue',
  at_risk: 'Check-in at risk',
  calendar: 'Booking calendar',
};

/** What the cleaner reported and what the workflow raised (overdue, check-in at risk, calendar). */
export function RunIssuesCard({ issues, timeZone }: { issues: RunEvidence['issues']; timeZone: string }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby="run-issues">
      <CardContent>
        <Typography id="run-issues" component="h2" variant="h6">
          Issues ({issues.length})
        </Typography>
        {issues.length === 0 ? (
          <Typography variant="body2">No issues reported.</Typography>
        ) : (
          <List dense>
            {issues.map((issue) => (
              <ListItem key={issue.id} disableGutters sx={{ display: 'block' }}>
                <ListItemText
                  primary={
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <Chip size="small" label={`${KIND_LABELS[issue.kind]} · ${issue.severity}`} />
                      <span>{issue.description}</span>
                    </Stack>
                  }
                  secondary={formatDateTime(issue.created_at, timeZone)}
                />
                <MediaThumbnails media={issue.media} subject={`Issue “${issue.description}”`} timeZone={timeZone} />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
