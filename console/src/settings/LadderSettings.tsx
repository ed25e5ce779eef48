import { Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { apiJson } from '../api/http.ts';

/** GET /api/settings/ladder: the escalation ladder of new runs, in minutes. */
interface LadderView {
  minutes_per_task: number;
  reminder_margin_minutes: number;
  hand_over_margin_minutes: number;
  host_alert_margin_minutes: number;
  defaults: Omit<LadderView, 'defaults'>;
}
type Field = keyof LadderView['defaults'];

const FIELDS: [Field, string, string][] = [
  ['minutes_per_task', 'Minutes per task', 'How long a cleaner needs per checklist task'],
  [
    'reminder_margin_minutes',
    'Reminder margin (minutes)',
    'The cleaner is reminded this long before the latest start that still finishes by check-in',
  ],
  [
    'hand_over_margin_minutes',
    'Hand-over margin (minutes)',
    'Not started this long before the latest start: the run passes to the backup cleaner',
  ],
  [
    'host_alert_margin_minutes',
    'Host alert margin (minutes)',
    'You are alerted that the check-in is at risk this long before the latest start',
  ],
];

const LADDER_KEY = ['ladder-settings'];

/** Settings > Dispatch: the owner's ladder; runs created from now on get it as their workflow's input. */
export function LadderSettings() {
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
      notify('Dispatch settings saved', { type: 'success' });
    },
    onError: (error) =>
      notify(`Error saving dispatch settings: ${error instanceof Error ? error.message : ''}`, { type: 'error' }),
  });
  if (!data) return null;
  const save = () =>
    mutation.mutate(Object.fromEntries(Object.entries(draft).map(([field, value]) => [field, Number(value)])));
  return (
    <Card component="section" aria-labelledby="dispatch-settings">
      <CardContent>
        <Typography id="dispatch-settings" component="h2" variant="h6" gutterBottom>
          Dispatch
        </Typography>
        <Typography variant="body2" sx={{ mb: 2 }}>
          The escalation ladder of a run with a due time (the next check-in). New runs use these values; runs already
          created keep theirs.
        </Typography>
        <Stack spacing={2}>
          {FIELDS.map(([field, label, help]) => (
            <TextField
              key={field}
              type="number"
              label={label}
              value={draft[field] ?? String(data[field])}
              onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
              helperText={`${help} (default ${data.defaults[field]})`}
              slotProps={{ htmlInput: { min: 0, step: 1 } }}
            />
          ))}
          <Stack direction="row">
            <Button variant="contained" disabled={mutation.isPending || Object.keys(draft).length === 0} onClick={save}>
              Save Dispatch Settings
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
