import { formatDateTime } from '@turnproof/config/time-format';
import { Card, CardContent, List, ListItem, ListItemText, Typography } from '@mui/material';

import type { Analytics } from './analytics-types.ts';

/** The owner's newest events of the period (and of the filter), timed in the owner's time zone. */
export function RecentActivity({ data }: { data: Analytics }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby="recent-activity">
      <CardContent>
        <Typography id="recent-activity" component="h2" variant="h6" gutterBottom>
          Recent Activity
        </Typography>
        {data.recent_activity.length === 0 ? (
          <Typography color="text.secondary">No activity in the last {data.days} days.</Typography>
        ) : (
          <List dense disablePadding aria-labelledby="recent-activity">
            {data.recent_activity.map((activity) => (
              <ListItem key={activity.id} disableGutters divider>
                <ListItemText
                  primary={activity.summary}
                  secondary={formatDateTime(activity.created_at, data.timezone)}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
