import { Card, CardContent, Typography } from '@mui/material';
import { useResourceContext } from 'react-admin';

/** Stands in for a resource screen until its folder exports the real one. */
export function ResourcePlaceholder() {
  const resource = useResourceContext();
  return (
    <Card>
      <CardContent>
        <Typography component="h1" variant="h5">
          {resource}
        </Typography>
        <Typography color="text.secondary">This screen is on its way.</Typography>
      </CardContent>
    </Card>
  );
}
