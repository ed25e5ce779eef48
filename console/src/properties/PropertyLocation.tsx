import { Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { NumberInput } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { useT } from '../i18n/useT.ts';

/**
 * Where the property is and how near counts as there: a cleaner's first located action within the radius
 * is the run's arrival, work beyond it is flagged on the run page. "Use this device's location" fills the
 * position from the host's phone, standing at the property.
 */
export function PropertyLocation() {
  const t = useT();
  const { setValue } = useFormContext();
  const [failed, setFailed] = useState(false);
  const locate = () => {
    setFailed(false);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const options = { shouldDirty: true };
        setValue('latitude', Number(coords.latitude.toFixed(6)), options);
        setValue('longitude', Number(coords.longitude.toFixed(6)), options);
      },
      () => setFailed(true),
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };
  return (
    <>
      <Typography component="h2" variant="subtitle1" sx={{ mt: 2 }}>
        {t('hours.location')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('hours.locationHint')}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', width: '100%' }}>
        <NumberInput source="latitude" label={t('hours.latitude')} min={-90} max={90} step={0.000001} />
        <NumberInput source="longitude" label={t('hours.longitude')} min={-180} max={180} step={0.000001} />
      </Stack>
      <Button variant="outlined" onClick={locate} sx={{ mb: 1 }}>
        {t('hours.useDeviceLocation')}
      </Button>
      {failed && (
        <Typography role="alert" variant="body2" color="error">
          {t('hours.locationFailed')}
        </Typography>
      )}
      <NumberInput source="arrival_radius_meters" label={t('hours.radius')} defaultValue={150} min={10} max={10000} />
    </>
  );
}
