import LockIcon from '@mui/icons-material/Lock';
import { Box, Button, Card, CardContent, Chip, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { Link } from 'react-router-dom';

/** The lock screen of a feature the owner's plan lacks: what it is, why it is locked, and the way to unlock it. */
export function FeatureLock({ feature, message, plan = 'Pro' }: { feature: string; message: string; plan?: string }) {
  return (
    <Card component="section" aria-labelledby="feature-lock-title" sx={{ maxWidth: 560, mx: 'auto', mt: 4 }}>
      <Title title={feature} />
      <CardContent sx={{ textAlign: 'center', py: 5 }}>
        <Box
          sx={{
            width: 64,
            height: 64,
            borderRadius: '50%',
            bgcolor: 'action.hover',
            display: 'grid',
            placeItems: 'center',
            mx: 'auto',
            mb: 2,
          }}
        >
          <LockIcon fontSize="large" color="primary" aria-hidden />
        </Box>
        <Chip label={plan} color="primary" size="small" sx={{ mb: 1 }} />
        <Typography id="feature-lock-title" component="h2" variant="h5" gutterBottom>
          {feature} is locked
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {message}
        </Typography>
        <Button component={Link} to="/subscription" variant="contained">
          See plans
        </Button>
      </CardContent>
    </Card>
  );
}
