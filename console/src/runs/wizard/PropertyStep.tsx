import AddIcon from '@mui/icons-material/Add';
import {
  Button,
  CircularProgress,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useGetList } from 'react-admin';
import { Link } from 'react-router-dom';
import { EmptyPanel } from '../../layout/EmptyPanel.tsx';
import type { PropertyRecord, RunMeta } from '../../resource-records.ts';
import type { RunType } from '../../types.ts';

interface Props {
  kind: RunType;
  propertyId: string;
  meta: RunMeta;
  onProperty: (id: string) => void;
  onMeta: (meta: RunMeta) => void;
}

/** Step 2: the property (system properties excluded by the API) and, for move-in and move-out, the tenancy. */
export function PropertyStep({ kind, propertyId, meta, onProperty, onMeta }: Props) {
  const { data: properties, isPending } = useGetList<PropertyRecord>('properties', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'name', order: 'ASC' },
  });
  if (isPending) return <CircularProgress aria-label="Loading properties" />;
  if (!properties?.length) {
    return (
      <EmptyPanel
        title="No properties found"
        text="An inspection happens at one of your properties. Add one first."
        action={
          <Button component={Link} to="/properties/new" variant="contained" startIcon={<AddIcon />}>
            Add Property First
          </Button>
        }
      />
    );
  }
  const field = (name: keyof RunMeta) => ({
    value: meta[name] ?? '',
    onChange: (event: { target: { value: string } }) => onMeta({ ...meta, [name]: event.target.value }),
  });
  return (
    <Stack spacing={2}>
      <FormControl required fullWidth>
        <InputLabel id="wizard-property">Property</InputLabel>
        <Select
          labelId="wizard-property"
          label="Property"
          value={propertyId}
          onChange={(event) => onProperty(event.target.value)}
        >
          {properties.map((property) => (
            <MenuItem key={property.id} value={property.id}>
              {property.name} · {property.address}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      {kind !== 'turnover' && (
        <>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {kind === 'move_in' ? 'Move-In' : 'Move-Out'} details
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField label="Unit" {...field('unit')} fullWidth />
            <TextField label="Tenant name" {...field('tenant_name')} fullWidth />
          </Stack>
          <TextField label="Tenant email" type="email" {...field('tenant_email')} fullWidth />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="Lease start"
              type="date"
              {...field('lease_start')}
              fullWidth
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              label="Lease end"
              type="date"
              {...field('lease_end')}
              fullWidth
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Stack>
        </>
      )}
    </Stack>
  );
}
