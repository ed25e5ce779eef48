import DeleteIcon from '@mui/icons-material/Delete';
import {
  Alert,
  Button,
  Card,
  CardContent,
  IconButton,
  MenuItem,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useGetList, useNotify } from 'react-admin';
import { apiJson } from '../api/http.ts';
import { useT } from '../i18n/useT.ts';

interface Rate {
  per_run_cents: number;
  per_hour_cents: number;
}
interface PayRates extends Rate {
  overrides: (Rate & { property_id: string; property_name?: string })[];
}
/** What the form holds: amounts as typed ('25.50'), cents once saved. */
interface TypedRate {
  perRun: string;
  perHour: string;
}

const typed = (rate: Rate): TypedRate => ({
  perRun: (rate.per_run_cents / 100).toFixed(2),
  perHour: (rate.per_hour_cents / 100).toFixed(2),
});
/** '25.5' → 2550; an empty field is 0; anything else is left to the API to refuse by name. */
const cents = (text: string) => (text.trim() === '' ? 0 : Math.round(Number(text.replace(',', '.')) * 100));
const rateOf = (rate: TypedRate): Rate => ({ per_run_cents: cents(rate.perRun), per_hour_cents: cents(rate.perHour) });

function RateFields({
  value,
  onChange,
  label,
}: {
  value: TypedRate;
  onChange: (rate: TypedRate) => void;
  label?: string;
}) {
  const t = useT();
  const field = (key: keyof TypedRate, name: string) => (
    <TextField
      size="small"
      label={label ? `${name} (${label})` : name}
      value={value[key]}
      onChange={(event) => onChange({ ...value, [key]: event.target.value })}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      sx={{ flex: '1 1 120px' }}
    />
  );
  return (
    <>
      {field('perRun', t('pay.perRun'))}
      {field('perHour', t('pay.perHour'))}
    </>
  );
}

type Override = TypedRate & { propertyId: string };

function PayRatesForm({ memberId, rates }: { memberId: string; rates: PayRates }) {
  const t = useT();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { data: properties = [] } = useGetList('properties', { pagination: { page: 1, perPage: 500 } });
  const [own, setOwn] = useState<TypedRate>(typed(rates));
  const [overrides, setOverrides] = useState<Override[]>(
    rates.overrides.map((rate) => ({ propertyId: rate.property_id, ...typed(rate) })),
  );
  const save = useMutation({
    mutationFn: () =>
      apiJson<PayRates>(`/team/${memberId}/pay-rates`, {
        method: 'PUT',
        body: {
          ...rateOf(own),
          overrides: overrides
            .filter((item) => item.propertyId)
            .map((item) => ({ property_id: item.propertyId, ...rateOf(item) })),
        },
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(['pay-rates', memberId], saved);
      notify(t('pay.ratesSaved'));
    },
    onError: (error) => notify(error.message, { type: 'error' }),
  });
  const setOverride = (index: number, change: Partial<Override>) =>
    setOverrides((list) => list.map((item, at) => (at === index ? { ...item, ...change } : item)));

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap' }}>
        <RateFields value={own} onChange={setOwn} />
      </Stack>
      {overrides.map((item, index) => (
        <Stack key={index} direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
          <TextField
            select
            size="small"
            label={t('pay.property')}
            value={item.propertyId}
            onChange={(event) => setOverride(index, { propertyId: event.target.value })}
            sx={{ flex: '1 1 100%' }}
          >
            {properties.map((property) => (
              <MenuItem key={property.id} value={property.id}>
                {property.name}
              </MenuItem>
            ))}
          </TextField>
          <RateFields
            value={item}
            onChange={(rate) => setOverride(index, rate)}
            // Each row's fields name their property, so they read apart.
            label={properties.find((property) => property.id === item.propertyId)?.name ?? t('pay.property')}
          />
          <IconButton
            aria-label={t('pay.removeOverride')}
            onClick={() => setOverrides((list) => list.filter((_, at) => at !== index))}
          >
            <DeleteIcon />
          </IconButton>
        </Stack>
      ))}
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap' }}>
        <Button
          onClick={() =>
            setOverrides((list) => [...list, { propertyId: '', ...typed({ per_run_cents: 0, per_hour_cents: 0 }) }])
          }
        >
          {t('pay.addOverride')}
        </Button>
        <Button variant="contained" onClick={() => save.mutate()} disabled={save.isPending}>
          {save.isPending ? t('common.saving') : t('pay.saveRates')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** On the member's page: what they earn per run and per hour, and other rates at some properties. */
export function PayRatesCard({ memberId }: { memberId: string }) {
  const t = useT();
  const query = useQuery({
    queryKey: ['pay-rates', memberId],
    queryFn: () => apiJson<PayRates>(`/team/${memberId}/pay-rates`),
    retry: false,
  });
  return (
    <Card component="section" aria-labelledby="pay-rates" sx={{ mt: 2 }}>
      <CardContent>
        <Typography id="pay-rates" component="h2" variant="h6">
          {t('pay.ratesTitle')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('pay.ratesIntro')}
        </Typography>
        {query.isPending && <Skeleton variant="rounded" height={56} aria-label={t('common.loading')} />}
        {query.isError && <Alert severity="error">{query.error.message}</Alert>}
        {query.isSuccess && <PayRatesForm memberId={memberId} rates={query.data} />}
      </CardContent>
    </Card>
  );
}
