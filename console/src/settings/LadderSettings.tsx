import { Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { apiJson } from '../api/http.ts';
import type { MessageKey } from '../i18n/keys.ts';
import { useT } from '../i18n/useT.ts';

/** GET /api/settings/ladder: the escalation ladder of new runs, in minutes. */
interface LadderView {
  minutes_per_task: number;
  reminder_margin_minutes: number;
  hand_over_margin_minutes: number;
  host_alert_margin_minutes: number;
  defaults: Omit<LadderView, 'defaults'>;
}
type Field = keyof LadderView['defaults'];

const FIELDS: [Field, MessageKey, MessageKey][] = [
  ['minutes_per_task', 'settings.minutesPerTask', 'settings.minutesPerTaskHint'],
  ['reminder_margin_minutes', 'settings.reminderMargin', 'settings.reminderMarginHint'],
  ['hand_over_margin_minutes', 'settings.handOverMargin', 'settings.handOverMarginHint'],
  ['host_alert_margin_minutes', 'settings.hostAlertMargin', 'settings.hostAlertMarginHint'],
];

const LADDER_KEY = ['ladder-settings'];

/** Settings > Dispatch: the owner's ladder; runs created from now on get it as their workflow's input. */
export function LadderSettings() {
  const t = useT();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { data } = useQuery({ queryKey: LADDER_KEY, queryFn: () => apiJson<LadderView>('/settings/ladder') });
  const [draft, setDraft] = useState<Partial<Record<Field, string>>>({});
  const mutation = useMutation({
    mutationFn: (body: Partial<Record<Field, number>>) =>
      apiJson<LadderView>('/settings/ladder', { method: 'PUT', body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(LADDER_KEY, saved);
      setDraft({});
      notify(t('settings.dispatchSaved'), { type: 'success' });
    },
    onError: (error) =>
      notify(t('settings.dispatchSaveFailed', { message: error instanceof Error ? error.message : '' }), {
        type: 'error',
      }),
  });
  if (!data) return null;
  const save = () =>
    mutation.mutate(Object.fromEntries(Object.entries(draft).map(([field, value]) => [field, Number(value)])));
  return (
    <Card component="section" aria-labelledby="dispatch-settings">
      <CardContent>
        <Typography id="dispatch-settings" component="h2" variant="h6" gutterBottom>
          {t('settings.dispatch')}
        </Typography>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('settings.dispatchIntro')}
        </Typography>
        <Stack spacing={2}>
          {FIELDS.map(([field, label, help]) => (
            <TextField
              key={field}
              type="number"
              label={t(label)}
              value={draft[field] ?? String(data[field])}
              onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
              helperText={t('settings.withDefault', { help: t(help), value: data.defaults[field] })}
              slotProps={{ htmlInput: { min: 0, step: 1 } }}
            />
          ))}
          <Stack direction="row">
            <Button variant="contained" disabled={mutation.isPending || Object.keys(draft).length === 0} onClick={save}>
              {t('settings.saveDispatch')}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
