import AddHomeIcon from '@mui/icons-material/AddHome';
import AddIcon from '@mui/icons-material/Add';
import ChecklistIcon from '@mui/icons-material/Checklist';
import { Box, Button, Grid, Skeleton, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useGetList, useNotify, useRedirect } from 'react-admin';
import { Link } from 'react-router-dom';
import { ChecklistCard } from '../checklists/ChecklistCard.tsx';
import { NameTypeDialog } from '../checklists/NameTypeDialog.tsx';
import { EmptyPanel } from '../layout/EmptyPanel.tsx';
import { paths } from '../layout/navigation.ts';
import type { ChecklistRecord, TemplateRecord } from '../resource-records.ts';
import { RUN_KINDS } from '../runs/run-kinds.ts';
import type { RunType } from '../types.ts';

interface Group {
  title: string;
  checklists: ChecklistRecord[];
}

/** The checklists under their property (by name), the owner's own templates last. */
function groupsOf(checklists: ChecklistRecord[]): Group[] {
  const byProperty = new Map<string, Group>();
  for (const checklist of checklists.filter((one) => !one.is_template)) {
    const group = byProperty.get(checklist.property_id) ?? { title: checklist.property.name, checklists: [] };
    group.checklists.push(checklist);
    byProperty.set(checklist.property_id, group);
  }
  const templates = checklists.filter((one) => one.is_template);
  return [
    ...[...byProperty.values()].sort((a, b) => a.title.localeCompare(b.title)),
    ...(templates.length ? [{ title: 'Your templates', checklists: templates }] : []),
  ];
}

/** The owner's own checklists, every property's and their own templates, each opening the editor. */
export function OwnChecklists() {
  const notify = useNotify();
  const redirect = useRedirect();
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const { data, isPending, error } = useGetList<ChecklistRecord>('checklists', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'name', order: 'ASC' },
  });

  const createTemplate = async ({ name, type }: { name: string; type: RunType }) => {
    try {
      const { data: template } = await dataProvider.create<TemplateRecord>('templates', { data: { name, kind: type } });
      void queryClient.invalidateQueries({ queryKey: ['templates'] });
      void queryClient.invalidateQueries({ queryKey: ['checklists'] });
      notify('Template created: add its tasks now', { type: 'success' });
      redirect(`/checklists/${template.id}/edit`);
    } catch (failure) {
      notify(failure instanceof Error ? `Error creating template: ${failure.message}` : 'Error creating template', {
        type: 'error',
      });
      throw failure;
    }
  };

  const groups = groupsOf(data ?? []);
  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
      >
        <Typography color="text.secondary">
          The checklists your cleaners work through, by property. Edit one to change its tasks and photos.
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)} sx={{ flexShrink: 0 }}>
          Create New Template
        </Button>
      </Stack>
      {error ? (
        <EmptyPanel tone="error" title="Error loading checklists" text={error.message} />
      ) : isPending ? (
        <Skeleton variant="rounded" height={180} aria-label="Loading checklists" />
      ) : groups.length === 0 ? (
        <EmptyPanel
          icon={<ChecklistIcon fontSize="large" />}
          title="No checklists yet"
          text="Add a property: it comes with turnover, move-in and move-out checklists ready to edit."
          action={
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'center' }}>
              <Button variant="contained" component={Link} to={paths.newProperty} startIcon={<AddHomeIcon />}>
                Add Property
              </Button>
              <Button variant="outlined" onClick={() => setCreating(true)}>
                Create Your First Template
              </Button>
            </Stack>
          }
        />
      ) : (
        <Stack spacing={3}>
          {groups.map((group) => (
            <Box component="section" key={group.title} aria-label={group.title}>
              <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
                {group.title}
              </Typography>
              <Grid container spacing={2}>
                {group.checklists.map((checklist) => (
                  <Grid key={checklist.id} size={{ xs: 12, sm: 6, lg: 4 }}>
                    <ChecklistCard checklist={checklist} headingLevel="h3" />
                  </Grid>
                ))}
              </Grid>
            </Box>
          ))}
        </Stack>
      )}
      <NameTypeDialog
        open={creating}
        title="Create New Template"
        nameLabel="Template Name"
        typeLabelText="Template Type"
        types={RUN_KINDS}
        submitLabel="Create Template"
        onClose={() => setCreating(false)}
        onSubmit={createTemplate}
      />
    </>
  );
}
