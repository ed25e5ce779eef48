import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Button, Card, CardActions, CardContent, Chip, Grid, Skeleton, Stack, Typography } from '@mui/material';
import { useGetList } from 'react-admin';
import { TypeBadge } from '../checklists/TypeBadge.tsx';
import { EmptyPanel } from '../layout/EmptyPanel.tsx';
import type { TemplateRecord } from '../resource-records.ts';

function SystemTemplateCard({ template }: { template: TemplateRecord }) {
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
          <Chip size="small" label="Default" />
        </Stack>
        <Typography id={`template-${template.id}`} component="h2" variant="h6">
          {template.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          System template
        </Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {template.task_count} {template.task_count === 1 ? 'task' : 'tasks'}
        </Typography>
      </CardContent>
      <CardActions sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 1 }}
        >
          <VisibilityIcon fontSize="small" aria-hidden /> View only
        </Typography>
        {template.slug && (
          // The public page lists every task by room.
          <Button
            size="small"
            href={`/templates/${template.slug}`}
            target="_blank"
            rel="noopener"
            endIcon={<OpenInNewIcon />}
            aria-label={`See the tasks of ${template.name}`}
          >
            See tasks
          </Button>
        )}
      </CardActions>
    </Card>
  );
}

/** The system templates (view only): new properties get a copy of the default ones. */
export function SystemTemplates() {
  const { data, isPending, error } = useGetList<TemplateRecord>('templates', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'created_at', order: 'DESC' },
  });
  const templates = data?.filter((template) => template.source === 'system');
  if (error) return <EmptyPanel tone="error" title="Error loading templates" text={error.message} />;
  if (isPending) {
    return <Skeleton variant="rounded" height={180} aria-label="Loading templates" />;
  }
  if (!templates?.length) return <EmptyPanel title="No templates available" />;
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Ready-made checklists by room. Every new property gets its own editable copy of the turnover, move-in and
        move-out templates.
      </Typography>
      <Grid container spacing={2}>
        {templates.map((template) => (
          <Grid key={template.id} size={{ xs: 12, sm: 6, lg: 4 }}>
            <SystemTemplateCard template={template} />
          </Grid>
        ))}
      </Grid>
    </>
  );
}
