import { Typography } from '@mui/material';

export function Dashboard() {
  return (
    <Typography component="h1" variant="h4">
      Dashboard
    </Typography>
  );
}
