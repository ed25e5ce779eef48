import { deviceZone, formatDateTime } from '@turnproof/config/time-format';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Link,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Confirm, useLocale, useNotify } from 'react-admin';
import { useSession } from '../auth/session.ts';
import { useT } from '../i18n/useT.ts';
import { SecretShownOnce } from './SecretShownOnce.tsx';
import { FeatureLock } from '../layout/FeatureLock.tsx';
import { type ApiKeyScope, type ApiKeyView, type NewApiKey, useApiKeys } from './api-keys.ts';

const SCOPE_CHOICES: Record<'read' | 'readWrite', ApiKeyScope[]> = { read: ['read'], readWrite: ['read', 'write'] };

/** The new key, shown once with a Copy button: the server keeps only its hash. */
function NewKeyNotice({ created, onDone }: { created: NewApiKey; onDone: () => void }) {
  const t = useT();
  return (
    <Box data-new-api-key>
      <SecretShownOnce
        title={t('apiKeys.createdTitle', { name: created.name })}
        note={t('apiKeys.onlyOnce')}
        secret={created.key}
        copyLabel={t('apiKeys.copy')}
        copiedMessage={t('apiKeys.copied')}
        onDone={onDone}
      />
    </Box>
  );
}

function KeyRows({ keys, onRevoke }: { keys: ApiKeyView[]; onRevoke: (key: ApiKeyView) => void }) {
  const t = useT();
  const locale = useLocale();
  const zone = deviceZone();
  if (keys.length === 0) return <Typography color="text.secondary">{t('apiKeys.none')}</Typography>;
  return (
    <Table size="small" aria-label={t('apiKeys.listLabel')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('apiKeys.name')}</TableCell>
          <TableCell>{t('apiKeys.key')}</TableCell>
          <TableCell>{t('apiKeys.access')}</TableCell>
          <TableCell>{t('apiKeys.created')}</TableCell>
          <TableCell>{t('apiKeys.lastUsed')}</TableCell>
          <TableCell align="right">{t('apiKeys.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {keys.map((key) => (
          <TableRow key={key.id}>
            <TableCell>{key.name}</TableCell>
            <TableCell>
              <code>{key.prefix}…</code>
            </TableCell>
            <TableCell>
              <Chip
                size="small"
                label={key.scopes.includes('write') ? t('apiKeys.readWrite') : t('apiKeys.readOnly')}
              />
            </TableCell>
            <TableCell>{formatDateTime(key.created_at, zone, locale)}</TableCell>
            <TableCell>
              {key.last_used_at ? formatDateTime(key.last_used_at, zone, locale) : t('apiKeys.neverUsed')}
            </TableCell>
            <TableCell align="right">
              <Button color="error" size="small" onClick={() => onRevoke(key)}>
                {t('apiKeys.revoke')}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Settings > Developers: API keys for /api/v1, made, shown once, listed and revoked; locked below Pro. */
export function ApiKeysSection() {
  const t = useT();
  const notify = useNotify();
  const access = useSession().data?.access;
  const allowed = access?.features.api === true;
  const { list, create, revoke } = useApiKeys(allowed);
  const [name, setName] = useState('');
  const [scope, setScope] = useState<keyof typeof SCOPE_CHOICES>('read');
  const [created, setCreated] = useState<NewApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);

  if (!access) return null;
  if (!allowed) return <FeatureLock variant="card" feature={t('apiKeys.title')} message={t('apiKeys.upgrade')} />;

  const submit = () =>
    create.mutate(
      { name: name.trim(), scopes: SCOPE_CHOICES[scope] },
      {
        onSuccess: (key) => {
          setCreated(key);
          setName('');
        },
        onError: (error) => notify(error.message, { type: 'error' }),
      },
    );

  return (
    <Card component="section" aria-labelledby="developers">
      <CardContent>
        <Typography id="developers" component="h2" variant="h6" gutterBottom>
          {t('apiKeys.title')}
        </Typography>
        {/* The reference is a page of the API, not a console screen: a plain link, a full page load. */}
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('apiKeys.intro')} <Link href="/developers">{t('apiReference.link')}</Link>
        </Typography>
        <Stack spacing={2}>
          {created && <NewKeyNotice created={created} onDone={() => setCreated(null)} />}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              label={t('apiKeys.name')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              helperText={t('apiKeys.nameHint')}
              slotProps={{ htmlInput: { maxLength: 100 } }}
              sx={{ flex: '2 1 0' }}
            />
            <TextField
              select
              label={t('apiKeys.access')}
              value={scope}
              onChange={(event) => setScope(event.target.value as keyof typeof SCOPE_CHOICES)}
              sx={{ flex: '1 1 0', minWidth: 180 }}
            >
              <MenuItem value="read">{t('apiKeys.readOnly')}</MenuItem>
              <MenuItem value="readWrite">{t('apiKeys.readWrite')}</MenuItem>
            </TextField>
            <Button
              variant="contained"
              disabled={create.isPending || !name.trim()}
              onClick={submit}
              sx={{ mt: { sm: 1 }, flexShrink: 0, whiteSpace: 'nowrap' }}
            >
              {t('apiKeys.create')}
            </Button>
          </Stack>
          {list.data ? <KeyRows keys={list.data} onRevoke={setRevoking} /> : null}
        </Stack>
      </CardContent>
      <Confirm
        isOpen={revoking !== null}
        loading={revoke.isPending}
        title={t('apiKeys.revokeTitle', { name: revoking?.name ?? '' })}
        content={t('apiKeys.revokeContent')}
        confirm={t('apiKeys.revoke')}
        confirmColor="warning"
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              setRevoking(null);
              notify(t('apiKeys.revoked'), { type: 'info' });
            },
            onError: (error) => notify(error.message, { type: 'error' }),
          })
        }
        onClose={() => setRevoking(null)}
      />
    </Card>
  );
}
