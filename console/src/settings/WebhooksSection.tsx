import { deviceZone, formatDateTime } from '@turnproof/config/time-format';
import {
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Confirm, useLocale, useNotify } from 'react-admin';
import { useSession } from '../auth/session.ts';
import { useT } from '../i18n/useT.ts';
import { SecretShownOnce } from './SecretShownOnce.tsx';
import {
  type NewWebhookEndpoint,
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpointView,
  type WebhookEventType,
  useWebhookDeliveries,
  useWebhookEndpoints,
} from './webhooks.ts';

/** The new endpoint's signing secret, shown once with a Copy button. */
function NewSecretNotice({ created, onDone }: { created: NewWebhookEndpoint; onDone: () => void }) {
  const t = useT();
  return (
    <Box data-new-webhook-secret>
      <SecretShownOnce
        title={t('webhooks.createdTitle', { url: created.url })}
        note={t('webhooks.onlyOnce')}
        secret={created.secret}
        copyLabel={t('webhooks.copy')}
        copiedMessage={t('webhooks.copied')}
        onDone={onDone}
      />
    </Box>
  );
}

const STATUS_COLOR = { pending: 'default', succeeded: 'success', failed: 'error' } as const;

/**
 * An endpoint's recent deliveries: event, status, response code, last attempt (the owner's zone), Resend. A list
 * whose items wrap, so a phone shows each delivery whole.
 */
function Deliveries({ endpoint }: { endpoint: WebhookEndpointView }) {
  const t = useT();
  const notify = useNotify();
  const locale = useLocale();
  const zone = deviceZone();
  const { list, resend } = useWebhookDeliveries(endpoint.id);
  if (!list.data) return null;
  if (list.data.length === 0) return <Typography color="text.secondary">{t('webhooks.noDeliveries')}</Typography>;
  return (
    <Box
      component="ul"
      aria-label={t('webhooks.deliveriesLabel', { url: endpoint.url })}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
    >
      {list.data.map((delivery) => (
        <Stack
          component="li"
          key={delivery.id}
          data-delivery={delivery.event_id}
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap', py: 1, borderTop: 1, borderColor: 'divider' }}
        >
          <Typography component="code" variant="body2" sx={{ fontFamily: 'monospace' }}>
            {delivery.event_type}
          </Typography>
          <Chip
            size="small"
            color={STATUS_COLOR[delivery.status]}
            label={t(`webhooks.statuses.${delivery.status}`, { smart_count: delivery.attempts })}
          />
          <Typography variant="body2">
            {delivery.response_code === null
              ? t('webhooks.noResponse')
              : t('webhooks.response', { code: delivery.response_code })}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 auto' }}>
            {formatDateTime(delivery.last_attempt_at ?? delivery.created_at, zone, locale)}
          </Typography>
          <Button
            size="small"
            disabled={resend.isPending || endpoint.disabled_at !== null}
            onClick={() =>
              resend.mutate(delivery.id, {
                onSuccess: () => notify(t('webhooks.resent'), { type: 'info' }),
                onError: (error) => notify(error.message, { type: 'error' }),
              })
            }
          >
            {t('webhooks.resend')}
          </Button>
        </Stack>
      ))}
    </Box>
  );
}

function EndpointCard({ endpoint, onDelete }: { endpoint: WebhookEndpointView; onDelete: () => void }) {
  const t = useT();
  return (
    <Box component="article" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography component="h3" variant="subtitle2" sx={{ wordBreak: 'break-all', flex: '1 1 auto' }}>
          {endpoint.url}
        </Typography>
        {endpoint.disabled_at && <Chip size="small" color="error" label={t('webhooks.disabled')} />}
        <Button color="error" size="small" onClick={onDelete}>
          {t('webhooks.delete')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {endpoint.events.join(', ')} · <code>{endpoint.secret_prefix}…</code>
      </Typography>
      <Deliveries endpoint={endpoint} />
    </Box>
  );
}

/** Settings > Developers, under the keys: webhook endpoints, added, their secret shown once, their deliveries. */
export function WebhooksSection() {
  const t = useT();
  const notify = useNotify();
  const access = useSession().data?.access;
  const allowed = access?.features.api === true;
  const { list, create, remove } = useWebhookEndpoints(allowed);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['run.completed']);
  const [created, setCreated] = useState<NewWebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpointView | null>(null);

  // The keys' section above says the API needs an upgrade.
  if (!allowed) return null;

  const toggle = (type: WebhookEventType, on: boolean) =>
    setEvents((current) => (on ? [...current, type] : current.filter((event) => event !== type)));
  const submit = () =>
    create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: (endpoint) => {
          setCreated(endpoint);
          setUrl('');
        },
        onError: (error) => notify(error.message, { type: 'error' }),
      },
    );

  return (
    <Card component="section" aria-labelledby="webhooks">
      <CardContent>
        <Typography id="webhooks" component="h2" variant="h6" gutterBottom>
          {t('webhooks.title')}
        </Typography>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('webhooks.intro')}
        </Typography>
        <Stack spacing={2}>
          {created && <NewSecretNotice created={created} onDone={() => setCreated(null)} />}
          <TextField
            label={t('webhooks.url')}
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            helperText={t('webhooks.urlHint')}
            type="url"
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <FormLabel component="legend">{t('webhooks.events')}</FormLabel>
            <FormGroup row>
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <FormControlLabel
                  key={type}
                  control={
                    <Checkbox
                      checked={events.includes(type)}
                      onChange={(event) => toggle(type, event.target.checked)}
                    />
                  }
                  label={<code>{type}</code>}
                />
              ))}
            </FormGroup>
          </Box>
          <Box>
            <Button
              variant="contained"
              disabled={create.isPending || !url.trim() || events.length === 0}
              onClick={submit}
            >
              {t('webhooks.add')}
            </Button>
          </Box>
          {list.data?.length === 0 && <Typography color="text.secondary">{t('webhooks.none')}</Typography>}
          {list.data?.map((endpoint) => (
            <EndpointCard key={endpoint.id} endpoint={endpoint} onDelete={() => setDeleting(endpoint)} />
          ))}
        </Stack>
      </CardContent>
      <Confirm
        isOpen={deleting !== null}
        loading={remove.isPending}
        title={t('webhooks.deleteTitle', { url: deleting?.url ?? '' })}
        content={t('webhooks.deleteContent')}
        confirm={t('webhooks.delete')}
        confirmColor="warning"
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => setDeleting(null),
            onError: (error) => notify(error.message, { type: 'error' }),
          })
        }
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}
