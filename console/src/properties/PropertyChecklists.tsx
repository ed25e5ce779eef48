import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ChecklistIcon from '@mui/icons-material/Checklist';
import { Box, Button, Grid, Skeleton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Title, useDataProvider, useGetList, useGetOne, useNotify, useRedirect } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { ChecklistCard } from '../checklists/ChecklistCard.tsx';
import { NameTypeDialog } from '../checklists/NameTypeDialog.tsx';
import { EmptyPanel } from '../layout/EmptyPanel.tsx';
import type { ChecklistRecord, ChecklistType, PropertyRecord } from '../resource-records.ts';

const CHECKLIST_TYPES: ChecklistType[] = [
  'turnover',
  'move_in',
  'move_out',
  'arrival',
  'departure',
  'cleaning',
  'safety',
];

/** A property's checklists (the default ones are copied at creation), with a new-checklist dialog. */
export function PropertyChecklists() {
  const { id = '' } = useParams();
  const notify = useNotify();
  const redirect = useRedirect();
  const [creating, setCreating] = useState(false);
  const dataProvider = useDataProvider();
  const { data: property } = useGetOne<PropertyRecord>(
    'properties',
    { id },
    {
      onError: () => {
        notify("Property not found: the property you're looking for doesn't exist or you don't have access to it.", {
          type: 'error',
        });
        redirect('/properties');
      },
    },
  );
  const {
    data: checklists,
    isPending,
    error,
  } = useGetList<ChecklistRecord>('checklists', {
    filter: { property_id: id },
    sort: { field: 'created_at', order: 'ASC' },
    pagination: { page: 1, perPage: 100 },
  });

  const addChecklist = async ({ name, type }: { name: string; type: ChecklistType }) => {
    try {
      const { data: checklist } = await dataProvider.create<ChecklistRecord>('checklists', {
        data: { property_id: id, name, type },
      });
      notify('Checklist created', { type: 'success' });
      redirect(`/properties/${id}/checklists/${checklist.id}/edit`);
    } catch (failure) {
      notify(failure instanceof Error ? failure.message : 'Error creating checklist', { type: 'error' });
      throw failure;
    }
  };

  return (
    <Box sx={{ py: 2 }}>
      <Title title={property?.name ?? 'Checklists'} />
      <Button component={Link} to="/properties" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        Properties
      </Button>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
      >
        <Typography color="text.secondary">{property?.address ?? <Skeleton width={260} />}</Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          New Checklist
        </Button>
      </Stack>
      {error ? (
        <EmptyPanel tone="error" title="Error loading checklist" text={error.message} />
      ) : isPending ? (
        <Skeleton variant="rounded" height={140} aria-label="Loading checklists" />
      ) : checklists?.length ? (
        <Grid container spacing={2}>
          {checklists.map((checklist) => (
            <Grid key={checklist.id} size={{ xs: 12, sm: 6, lg: 4 }}>
              <ChecklistCard checklist={checklist} />
            </Grid>
          ))}
        </Grid>
      ) : (
        <EmptyPanel
          icon={<ChecklistIcon fontSize="large" />}
          title="No checklists yet"
          text="Create a checklist for this property, then add its tasks."
          action={
            <Button variant="contained" onClick={() => setCreating(true)}>
              New Checklist
            </Button>
          }
        />
      )}
      <NameTypeDialog
        open={creating}
        title="New Checklist"
        nameLabel="Checklist Name"
        typeLabelText="Checklist Type"
        types={CHECKLIST_TYPES}
        submitLabel="Create Checklist"
        onClose={() => setCreating(false)}
        onSubmit={addChecklist}
      />
    </Box>
  );
}
