import AddIcon from '@mui/icons-material/Add';
import ChecklistIcon from '@mui/icons-material/Checklist';
import EditIcon from '@mui/icons-material/Edit';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import HomeWorkIcon from '@mui/icons-material/HomeWork';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import { Box, Button, Card, CardActions, CardContent, Grid, Skeleton, Typography } from '@mui/material';
import { FilterLiveSearch, List, Pagination, RecordContextProvider, TopToolbar, useListContext } from 'react-admin';
import { Link } from 'react-router-dom';
import { EmptyPanel } from '../layout/EmptyPanel.tsx';
import type { PropertyRecord } from '../resource-records.ts';
import { DeletePropertyButton } from './DeletePropertyButton.tsx';
import { useT } from '../i18n/useT.ts';

const PER_PAGE = 24;

function AddPropertyButton() {
  const t = useT();
  return (
    <Button component={Link} to="/properties/new" variant="contained" startIcon={<AddIcon />}>
      {t('properties.addProperty')}
    </Button>
  );
}

function NoProperties() {
  const t = useT();
  return (
    <Box sx={{ mt: 2, width: '100%' }}>
      <EmptyPanel
        icon={<HomeWorkIcon fontSize="large" />}
        title={t('properties.noProperties')}
        text={t('properties.noPropertiesText')}
        action={<AddPropertyButton />}
      />
    </Box>
  );
}

function PropertiesError() {
  const t = useT();
  const { error } = useListContext();
  return (
    <Box sx={{ mt: 2, width: '100%' }}>
      <EmptyPanel
        tone="error"
        icon={<ErrorOutlineIcon fontSize="large" />}
        title={t('properties.loadError')}
        text={error?.message ?? t('properties.noAnswer')}
      />
    </Box>
  );
}

function PropertyCard({ property }: { property: PropertyRecord }) {
  const t = useT();
  return (
    <Card component="article" aria-labelledby={`property-${property.id}`} variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography id={`property-${property.id}`} component="h2" variant="h6">
          {property.name}
        </Typography>
        <Typography color="text.secondary">{property.address}</Typography>
        {property.notes && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {property.notes}
          </Typography>
        )}
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 0.5 }}>
        <Button
          size="small"
          component={Link}
          to={`/properties/${property.id}/checklists`}
          startIcon={<ChecklistIcon />}
          aria-label={t('properties.checklistsOf', { name: property.name })}
        >
          {t('properties.checklists')}
        </Button>
        <Button
          size="small"
          component={Link}
          to={`/properties/${property.id}/inspections/new`}
          startIcon={<PlaylistAddIcon />}
          aria-label={t('properties.inspectName', { name: property.name })}
        >
          {t('properties.inspect')}
        </Button>
        <Button
          size="small"
          component={Link}
          to={`/properties/${property.id}/edit`}
          startIcon={<EditIcon />}
          aria-label={t('properties.editName', { name: property.name })}
        >
          {t('properties.edit')}
        </Button>
        <RecordContextProvider value={property}>
          <DeletePropertyButton />
        </RecordContextProvider>
      </CardActions>
    </Card>
  );
}

function PropertyCards() {
  const t = useT();
  const { data, total, isPending } = useListContext<PropertyRecord>();
  if (isPending) {
    return (
      <Grid container spacing={2} sx={{ mt: 1 }} aria-busy="true" aria-label={t('properties.loading')}>
        {[0, 1, 2].map((key) => (
          <Grid key={key} size={{ xs: 12, sm: 6, lg: 4 }}>
            <Skeleton variant="rounded" height={160} />
          </Grid>
        ))}
      </Grid>
    );
  }
  if (!data?.length) {
    return <EmptyPanel title={t('properties.noneFound')} text={t('properties.noneMatch')} />;
  }
  return (
    <>
      <Grid container spacing={2} sx={{ mt: 1 }}>
        {data.map((property) => (
          <Grid key={property.id} size={{ xs: 12, sm: 6, lg: 4 }}>
            <PropertyCard property={property} />
          </Grid>
        ))}
      </Grid>
      <Typography color="text.secondary" sx={{ mt: 2 }} role="status">
        {t('properties.showing', { shown: data.length, total: Math.max(total ?? 0, data.length) })}
      </Typography>
      {(total ?? 0) > PER_PAGE && <Pagination rowsPerPageOptions={[PER_PAGE]} />}
    </>
  );
}

/** The owner's properties as cards (the Template Collection is hidden by the API). */
export function PropertyList() {
  const t = useT();
  return (
    <List
      title={t('properties.title')}
      perPage={PER_PAGE}
      sort={{ field: 'created_at', order: 'DESC' }}
      actions={
        <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <FilterLiveSearch source="q" label={t('properties.searchProperties')} />
          <AddPropertyButton />
        </TopToolbar>
      }
      component="div"
      empty={<NoProperties />}
      error={<PropertiesError />}
      pagination={false}
    >
      <PropertyCards />
    </List>
  );
}
