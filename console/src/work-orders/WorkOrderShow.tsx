import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { formatDateTime } from '@turnproof/config/time-format';
import { useState } from 'react';
import { Show, useLocale, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { apiJson } from '../api/http.ts';
import { useT } from '../i18n/useT.ts';
import { formatMoney, type WorkOrder } from './work-order-types.ts';
import { WorkOrderStatusChip } from './WorkOrderStatusChip.tsx';

/** Runs one of the order's actions (approve, send back, revoke), then reloads it with a toast. */
function useOrderAction(order: WorkOrder) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const run = async (path: string, done: string, body?: unknown) => {
    setBusy(true);
    try {
      await apiJson(`/work-orders/${order.id}/${path}`, { method: 'POST', body });
      notify(done, { type: 'success' });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

function SendBackDialog({ onSend, onClose }: { onSend: (note: string) => void; onClose: () => void }) {
  const t = useT();
  const [note, setNote] = useState('');
  return (
    <Dialog open onClose={onClose} fullWidth>
      <DialogTitle>{t('workOrders.sendBack')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          label={t('workOrders.sendBackNote')}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={!note.trim()} onClick={() => onSend(note)}>
          {t('workOrders.sendBack')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function Details() {
  const t = useT();
  const locale = useLocale();
  const notify = useNotify();
  const order = useRecordContext<WorkOrder>();
  const { busy, run } = useOrderAction(order ?? ({ id: '' } as WorkOrder));
  const [sendingBack, setSendingBack] = useState(false);
  if (!order) return <Skeleton variant="rectangular" height={240} />;
  const when = (iso: string) => formatDateTime(iso, order.timezone, locale);
  const copy = async () => {
    await navigator.clipboard.writeText(order.vendor_link);
    notify(t('workOrders.copied'), { type: 'info' });
  };
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography component="h1" variant="h5" sx={{ overflowWrap: 'anywhere' }}>
              {order.title}
            </Typography>
            <WorkOrderStatusChip order={order} />
          </Stack>
          <Typography color="text.secondary">
            {order.property_name} · {order.vendor_name}
            {order.due_at ? ` · ${t('workOrders.dueAt')}: ${when(order.due_at)}` : ''}
          </Typography>
          {order.description && <Typography sx={{ whiteSpace: 'pre-wrap' }}>{order.description}</Typography>}
          {order.awaiting_approval && order.cost_limit_cents !== null && (
            <Alert severity="warning" id="awaiting-approval">
              {t('workOrders.awaitingApproval', { limit: formatMoney(order.cost_limit_cents, locale) })}
            </Alert>
          )}
          {order.sent_back_note && order.status === 'in_progress' && (
            <Alert severity="info">{t('workOrders.sentBackNote', { note: order.sent_back_note })}</Alert>
          )}
          {order.cost_cents !== null && (
            <Typography id="work-order-cost">
              {t('workOrders.cost')}: <strong>{formatMoney(order.cost_cents, locale)}</strong>
              {order.completed_at ? ` · ${when(order.completed_at)}` : ''}
            </Typography>
          )}
          {order.completion_note && (
            <Typography>
              {t('workOrders.vendorNote')}: {order.completion_note}
            </Typography>
          )}
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('workOrders.fixPhotos')}
          </Typography>
          {order.photos?.length ? (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {order.photos.map((photo) => (
                <a key={photo.id} href={photo.url} target="_blank" rel="noreferrer">
                  <Box
                    component="img"
                    src={photo.thumbnail_url}
                    alt={t('workOrders.fixPhotos')}
                    sx={{ width: 104, height: 104, objectFit: 'cover', borderRadius: 1 }}
                  />
                </a>
              ))}
            </Stack>
          ) : (
            <Typography variant="body2">{t('workOrders.noPhotos')}</Typography>
          )}
          {order.status === 'done' && (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button variant="contained" disabled={busy} onClick={() => void run('approve', t('workOrders.approved'))}>
                {t('workOrders.approve')}
              </Button>
              <Button variant="outlined" disabled={busy} onClick={() => setSendingBack(true)}>
                {t('workOrders.sendBack')}
              </Button>
            </Stack>
          )}
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('workOrders.vendorLink')}
          </Typography>
          {order.link_revoked_at ? (
            <Typography variant="body2">{t('workOrders.revoked')}</Typography>
          ) : (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere', flex: '1 1 100%' }}>
                {order.vendor_link}
              </Typography>
              <Button size="small" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
                {t('workOrders.copyLink')}
              </Button>
              <Button
                size="small"
                color="error"
                disabled={busy}
                onClick={() => void run('revoke-link', t('workOrders.revoked'))}
              >
                {t('workOrders.revoke')}
              </Button>
            </Stack>
          )}
        </Stack>
      </CardContent>
      {sendingBack && (
        <SendBackDialog
          onClose={() => setSendingBack(false)}
          onSend={(note) => {
            setSendingBack(false);
            void run('send-back', t('workOrders.sentBack'), { note });
          }}
        />
      )}
    </Card>
  );
}

/** /work-orders/{id}/show: the order, the vendor's report and photos, approve or send back, the link. */
export function WorkOrderShow() {
  return (
    <Show component="div" actions={false} sx={{ maxWidth: 720 }}>
      <Details />
    </Show>
  );
}
