import DeleteIcon from '@mui/icons-material/Delete';
import {
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useGetList, useNotify } from 'react-admin';
import { useT } from '../i18n/useT.ts';
import type { SupplyRecord } from '../resource-records.ts';

interface Draft {
  name: string;
  unit: string;
  par_level: string;
}

const EMPTY: Draft = { name: '', unit: '', par_level: '' };

/**
 * The supplies a property keeps at par level (react-admin REST under the property): every run of the
 * property asks its cleaner to count them, and the Restock screen lists those below par.
 */
export function PropertySupplies({ propertyId }: { propertyId: string }) {
  const t = useT();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const resource = `properties/${propertyId}/supplies`;
  const { data, isPending, error, refetch } = useGetList<SupplyRecord>(resource, {
    sort: { field: 'name', order: 'ASC' },
    pagination: { page: 1, perPage: 200 },
  });
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [busy, setBusy] = useState(false);
  const par = /^\d{1,6}$/.test(draft.par_level.trim()) ? Number(draft.par_level.trim()) : null;
  const ready = draft.name.trim() !== '' && draft.unit.trim() !== '' && par !== null;

  const act = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      notify(done, { type: 'success' });
      await refetch();
    } catch (failure) {
      notify(failure instanceof Error ? failure.message : String(failure), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const add = () =>
    act(async () => {
      await dataProvider.create(resource, { data: { name: draft.name, unit: draft.unit, par_level: par } });
      setDraft(EMPTY);
    }, t('supplies.added'));

  return (
    <Card variant="outlined" component="section" aria-labelledby="supplies-heading" sx={{ mt: 3 }}>
      <CardContent>
        <Typography id="supplies-heading" component="h2" variant="h6">
          {t('supplies.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t('supplies.intro')}
        </Typography>
        {isPending ? (
          <Skeleton variant="rounded" height={64} aria-label={t('common.loading')} />
        ) : error ? (
          <Typography color="error" role="alert">
            {t('supplies.loadError')}
          </Typography>
        ) : data && data.length > 0 ? (
          <List dense>
            {data.map((supply) => (
              <ListItem
                key={supply.id}
                disableGutters
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={t('supplies.delete', { name: supply.name })}
                    disabled={busy}
                    onClick={() =>
                      void act(
                        () => dataProvider.delete(resource, { id: supply.id, previousData: supply }),
                        t('supplies.deleted'),
                      )
                    }
                  >
                    <DeleteIcon />
                  </IconButton>
                }
              >
                <ListItemText
                  primary={supply.name}
                  secondary={t('supplies.parOf', { par: supply.par_level, unit: supply.unit })}
                />
              </ListItem>
            ))}
          </List>
        ) : (
          <Typography color="text.secondary" sx={{ my: 1 }}>
            {t('supplies.empty')}
          </Typography>
        )}
        <Box
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            if (ready) void add();
          }}
        >
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
            <TextField
              label={t('supplies.name')}
              size="small"
              value={draft.name}
              onChange={(event) => setDraft({ ...draft, name: event.target.value })}
            />
            <TextField
              label={t('supplies.unit')}
              size="small"
              value={draft.unit}
              onChange={(event) => setDraft({ ...draft, unit: event.target.value })}
            />
            <TextField
              label={t('supplies.parLevel')}
              size="small"
              type="number"
              slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric' } }}
              value={draft.par_level}
              onChange={(event) => setDraft({ ...draft, par_level: event.target.value })}
            />
            <Button type="submit" variant="contained" disabled={busy || !ready}>
              {t('supplies.add')}
            </Button>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
