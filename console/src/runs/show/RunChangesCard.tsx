import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { apiJson } from '../../api/http.ts';
import type { MessageKey } from '../../i18n/keys.ts';
import { useT } from '../../i18n/useT.ts';

type ChangeStatus = 'proposed' | 'confirmed' | 'dismissed';

/** GET /api/runs/{id}/change-maps: a photo pair side by side with its changed regions and the host's decisions. */
interface ChangeMapRecord {
  id: string;
  task_title: string;
  image_url: string;
  regions: { number: number; status: ChangeStatus }[];
}

const STATUS_LABELS: Record<ChangeStatus, MessageKey> = {
  proposed: 'runPage.changes.proposed',
  confirmed: 'runPage.changes.confirmed',
  dismissed: 'runPage.changes.dismissed',
};

/** The run's photos beside the baseline's with what changed outlined; the host confirms or dismisses each change. */
export function RunChangesCard({ runId, runStatus }: { runId: string; runStatus: string }) {
  const t = useT();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const queryKey = ['run-change-maps', runId, runStatus];
  const { data: maps = [] } = useQuery({
    queryKey,
    queryFn: () => apiJson<ChangeMapRecord[]>(`/runs/${runId}/change-maps`),
  });
  const decide = useMutation({
    mutationFn: ({ mapId, number, status }: { mapId: string; number: number; status: ChangeStatus }) =>
      apiJson<ChangeMapRecord>(`/runs/${runId}/change-maps/${mapId}/regions/${number}`, {
        method: 'PUT',
        body: { status },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey }),
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  const shown = maps.filter((map) => map.regions.length > 0);
  if (shown.length === 0) return null;
  return (
    <Card variant="outlined" component="section" aria-labelledby="run-changes">
      <CardContent>
        <Typography id="run-changes" component="h2" variant="h6">
          {t('runPage.changes.title')}
        </Typography>
        <Typography variant="body2">{t('runPage.changes.intro')}</Typography>
        {shown.map((map) => (
          <Box key={map.id} component="figure" sx={{ m: 0, mt: 2 }}>
            <Typography component="h3" variant="subtitle1">
              {map.task_title}
            </Typography>
            <Box
              component="img"
              src={map.image_url}
              alt={t('runPage.changes.image', { task: map.task_title })}
              sx={{ width: '100%', maxWidth: 960, display: 'block' }}
            />
            <Stack component="ol" spacing={1} sx={{ pl: 3 }}>
              {map.regions.map((region) => (
                <li key={region.number} value={region.number}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <span>{t('runPage.changes.region', { number: region.number })}</span>
                    <Chip size="small" label={t(STATUS_LABELS[region.status])} />
                    {(['confirmed', 'dismissed'] as const)
                      .filter((status) => status !== region.status)
                      .map((status) => (
                        <Button
                          key={status}
                          size="small"
                          disabled={decide.isPending}
                          onClick={() => decide.mutate({ mapId: map.id, number: region.number, status })}
                        >
                          {t(status === 'confirmed' ? 'runPage.changes.confirm' : 'runPage.changes.dismiss', {
                            number: region.number,
                          })}
                        </Button>
                      ))}
                  </Stack>
                </li>
              ))}
            </Stack>
          </Box>
        ))}
      </CardContent>
    </Card>
  );
}
