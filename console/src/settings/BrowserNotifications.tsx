import { Alert, Box, FormControlLabel, Switch, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { apiJson } from '../api/http.ts';
import type { MessageKey } from '../i18n/keys.ts';
import { useT } from '../i18n/useT.ts';
import { currentSubscription, type PushConfig, pushSupported, turnPushOff, turnPushOn } from './browser-push.ts';

type State =
  { kind: 'loading' } | { kind: 'unavailable'; reason: MessageKey } | { kind: 'ready'; publicKey: string; on: boolean };

/**
 * Settings > Notifications: browser notifications of high-severity issues, completed, overdue and declined
 * runs. Where they cannot work (push off on the server, a browser without push, permission refused) a
 * sentence says why instead of a switch that does nothing.
 */
export function BrowserNotifications() {
  const t = useT();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    void (async () => {
      const config = await apiJson<PushConfig>('/push/config');
      if (!config.enabled || !config.public_key) return setState({ kind: 'unavailable', reason: 'push.serverOff' });
      if (!pushSupported()) return setState({ kind: 'unavailable', reason: 'push.unsupported' });
      if (Notification.permission === 'denied') return setState({ kind: 'unavailable', reason: 'push.denied' });
      setState({ kind: 'ready', publicKey: config.public_key, on: (await currentSubscription()) !== null });
    })().catch(() => setState({ kind: 'unavailable', reason: 'push.unsupported' }));
  }, []);

  if (state.kind === 'loading') return null;
  if (state.kind === 'unavailable') {
    return (
      <Box>
        <Typography>{t('push.title')}</Typography>
        <Typography variant="body2" color="text.secondary" role="status">
          {t(state.reason)}
        </Typography>
      </Box>
    );
  }

  const change = async (on: boolean) => {
    setBusy(true);
    setProblem(null);
    try {
      if (on) await turnPushOn(state.publicKey);
      else await turnPushOff();
      setState({ ...state, on });
    } catch (error) {
      if (error instanceof Error && error.message === 'denied') {
        setState({ kind: 'unavailable', reason: 'push.denied' });
      } else {
        setProblem(t('push.failed', { reason: error instanceof Error ? error.message : String(error) }));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box>
      <FormControlLabel
        sx={{ justifyContent: 'space-between', ml: 0, width: '100%' }}
        labelPlacement="start"
        control={<Switch checked={state.on} disabled={busy} onChange={(event) => void change(event.target.checked)} />}
        label={
          <Box>
            <Typography>{t('push.title')}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('push.hint')}
            </Typography>
          </Box>
        }
      />
      {problem && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {problem}
        </Alert>
      )}
    </Box>
  );
}
