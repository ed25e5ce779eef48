import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** The empty, no-match and error states of a list: a heading, a sentence and what to do next. */
export function EmptyPanel({
  title,
  text,
  action,
  icon,
  tone = 'neutral',
}: {
  title: string;
  text?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
  tone?: 'neutral' | 'error';
}) {
  return (
    <Box
      role={tone === 'error' ? 'alert' : undefined}
      sx={{
        textAlign: 'center',
        py: 6,
        px: 2,
        border: 1,
        borderStyle: tone === 'error' ? 'solid' : 'dashed',
        borderColor: tone === 'error' ? 'error.main' : 'divider',
        borderRadius: 2,
        bgcolor: 'background.paper',
      }}
    >
      {icon && <Box sx={{ color: tone === 'error' ? 'error.main' : 'text.secondary', mb: 1 }}>{icon}</Box>}
      <Typography component="h2" variant="h6" color={tone === 'error' ? 'error' : undefined}>
        {title}
      </Typography>
      {text && (
        <Typography color="text.secondary" sx={{ mt: 1, mb: action ? 2 : 0 }}>
          {text}
        </Typography>
      )}
      {action}
    </Box>
  );
}
