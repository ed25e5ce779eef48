import { Box, LinearProgress, Typography } from '@mui/material';
import { useT } from '../i18n/useT.ts';

/** The spec's usage colours: red at 90 % or more, amber at 70 % or more, else green. */
export function meterColor(percent: number): 'error' | 'warning' | 'success' {
  if (percent >= 90) return 'error';
  if (percent >= 70) return 'warning';
  return 'success';
}

export function UsageMeter({
  label,
  used,
  limit,
  note,
}: {
  label: string;
  used: number;
  limit: number | null;
  note?: string;
}) {
  const t = useT();
  if (limit === null) {
    return (
      <Box>
        <Typography variant="body2">{t('dashboard.unlimited', { label, used })}</Typography>
      </Box>
    );
  }
  const percent = limit === 0 ? 100 : Math.min(100, Math.round((used / limit) * 100));
  return (
    <Box data-meter={label} data-color={meterColor(percent)}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
        <Typography variant="body2">{label}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('dashboard.usedOf', { used, limit })}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={meterColor(percent)}
        aria-label={t('dashboard.meterLabel', { label, used, limit })}

        sx={{ height: 8, borderRadius: 4, my: 0.5 }}
      />
      {note && (
        <Typography variant="caption" color="text.secondary">
          {note}
        </Typography>
      )}
    </Box>
  );
}
