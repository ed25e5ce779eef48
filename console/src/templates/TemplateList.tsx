import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Box, Button, Card, CardActions, CardContent, Chip, Grid, Skeleton, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useDataProvider, useGetList, useNotify, useRedirect } from 'react-admin';
import { Link } from 'react-router-dom';
import { NameTypeDialog } from '../checklists/NameTypeDialog.tsx';
import { TypeBadge } from '../checklists/TypeBadge.tsx';
import { EmptyPanel } from '../layout/EmptyPanel.tsx';
import type { TemplateRecord } from '../resource-records.ts';
import type { RunType } from '../types.ts';
import { RUN_KINDS } from '../runs/run-kinds.ts';
import { DeleteTemplateButton } from './DeleteTemplateButton.tsx';
import { useT } from '../i18n/useT.ts';

function TemplateCard({ template }: { template: TemplateRecord }) {
  const t = useT();
  const system = template.source === 'system';
  return (
    <Card
      component="article"
      variant="outlined"
      aria-labelledby={`template-${template.id}`}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap' }}>
          <TypeBadge type={template.kind} />
          <Chip
            size="small"
            label={system ? t('templates.default') : t('templates.custom')}
            color={system ? 'default' : 'secondary'}
          />
        </Stack>
        <Typography id={`template-${template.id}`} component="h2" variant="h6">
          {template.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {system
            ? t('templates.systemTemplate')
            : t('templates.from', { name: template.property_name ?? t('templates.yourTemplates') })}
        </Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('templates.taskCount', { smart_count: template.task_count })}
        </Typography>
      </CardContent>
      <CardActions>
        {system ? (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 1 }}
          >
            <VisibilityIcon fontSize="small" aria-hidden /> View only
          </Typography>
        ) : (
          <>
            <Button
              size="small"
              component={Link}
              to={`/checklists/${template.id}/edit`}
              startIcon={<EditIcon />}
              aria-label={t('templates.editTemplate', { name: template.name })}
            >
              {t('common.edit')}
            </Button>
            <DeleteTemplateButton template={template} />
          </>
        )}
      </CardActions>
    </Card>
  );
}

/** System templates (view only, 'Default') and the owner's own templates ('Custom'). */
export function TemplateList() {
  const t = useT();
  const notify = useNotify();
  const redirect = useRedirect();
  const [creating, setCreating] = useState(false);
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const {
    data: templates,
    isPending,
    error,
  } = useGetList<TemplateRecord>('templates', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'name', order: 'ASC' },
  });

  const createTemplate = async ({ name, type }: { name: string; type: RunType }) => {
    try {
      const { data: template } = await dataProvider.create<TemplateRecord>('templates', { data: { name, kind: type } });
      void queryClient.invalidateQueries({ queryKey: ['templates'] });
      notify(t('templates.created'), { type: 'success' });
      redirect(`/checklists/${template.id}/edit`);
    } catch (failure) {
      notify(
        failure instanceof Error
          ? t('templates.createFailedWith', { message: failure.message })
          : t('templates.createFailed'),
        {
          type: 'error',
        },
      );
      throw failure;
    }
  };

  const createButton = (label: string) => (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
      {label}
    </Button>
  );

  return (
    <Box sx={{ py: 2 }}>
      <Title title={t('templates.title')} />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
      >
        <Box>
          <Typography color="text.secondary">{t('templates.intro')}</Typography>
        </Box>
        {createButton(t('templates.createNew'))}
      </Stack>
      {error ? (
        <EmptyPanel tone="error" title={t('templates.loadError')} text={error.message} />
      ) : isPending ? (
        <Grid container spacing={2} aria-busy="true" aria-label={t('templates.loading')}>
          {[0, 1, 2].map((key) => (
            <Grid key={key} size={{ xs: 12, sm: 6, lg: 4 }}>
              <Skeleton variant="rounded" height={180} />
            </Grid>
          ))}
        </Grid>
      ) : templates?.length ? (
        <Grid container spacing={2}>
          {templates.map((template) => (
            <Grid key={template.id} size={{ xs: 12, sm: 6, lg: 4 }}>
              <TemplateCard template={template} />
            </Grid>
          ))}
        </Grid>
      ) : (
        <EmptyPanel
          icon={<ContentCopyIcon fontSize="large" />}
          title={t('templates.noneAvailable')}
          action={createButton(t('templates.createFirst'))}
        />
      )}
      <Card variant="outlined" sx={{ mt: 4, textAlign: 'center' }}>
        <CardContent>
          <Typography component="h2" variant="h6">
            {t('templates.inviteTeam')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', mt: 1.5, flexWrap: 'wrap' }}>
            <Button component={Link} to="/auth" variant="outlined">
              {t('templates.startTrial')}
            </Button>
            <Button href="/#pricing">{t('templates.seePricing')}</Button>
          </Stack>
        </CardContent>
      </Card>
      <NameTypeDialog
        open={creating}
        title={t('templates.createNew')}
        nameLabel={t('templates.templateName')}
        typeLabelText={t('templates.templateType')}
        types={RUN_KINDS}
        submitLabel={t('templates.createTemplate')}
        onClose={() => setCreating(false)}
        onSubmit={createTemplate}
      />
    </Box>
  );
}
