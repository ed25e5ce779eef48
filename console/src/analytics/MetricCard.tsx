import { Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** One figure of the analytics screen, with a line that says what it counts. */
export function MetricCard({ label, value, detail }: { label: string; value: string; detail: ReactNode }) {
  return (
    <Card component="article" aria-label={label} variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography component="h2" variant="subtitle2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h4" component="p" sx={{ my: 0.5, fontWeight: 600 }}>
          {value}
        </Typography>
        <Typography variant="body2" color="text.secondary" component="div">
          {detail}
        </Typography>
      </CardContent>
    </Card>
  );
}
