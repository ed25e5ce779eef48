import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ErrorIcon from '@mui/icons-material/Error';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import NetworkCheckIcon from '@mui/icons-material/NetworkCheck';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import RefreshIcon from '@mui/icons-material/Refresh';
import ShareIcon from '@mui/icons-material/Share';
import { Alert, Box, Button, Divider, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, useNotify } from 'react-admin';
import { apiJson } from '../api/http.ts';
import type { RunRecord } from '../resource-records.ts';
import { copyText, share, testLink, type LinkTestState } from './link-actions.ts';
import { QrCodeDialog } from './QrCodeDialog.tsx';
import { typeLabel } from './run-kinds.ts';
import type { MessageKey } from '../i18n/keys.ts';
import { type T, useT } from '../i18n/useT.ts';

/** What the host sends the cleaner: where, what, and the link. */
export function shareMessage(t: T, run: RunRecord, link: string): string {
  return t('magicLink.shareMessage', {
    type: typeLabel(t, run.type),
    property: run.property.name,
    unit: run.meta.unit ? t('magicLink.unit', { unit: run.meta.unit }) : '',
    link,
  });
}

const testTexts: Record<LinkTestState, MessageKey> = {
  idle: 'magicLink.notTested',
  testing: 'magicLink.testing',
  success: 'magicLink.works',
  error: 'magicLink.doesNotOpen',
};

/**
 * The magic-link tester card: copy, open, test, QR code, share message, rotate and revoke. `onChange`
 * receives the run after a rotation or revocation.
 */
export function MagicLinkPanel({ run, onChange }: { run: RunRecord; onChange: (run: RunRecord) => void }) {
  const t = useT();
  const notify = useNotify();
  const [testState, setTestState] = useState<LinkTestState>('idle');
  const [testReason, setTestReason] = useState('');
  const [qrOpen, setQrOpen] = useState(false);
  const [confirm, setConfirm] = useState<'rotate' | 'revoke' | null>(null);
  const [changing, setChanging] = useState(false);
  const link = run.magic_link;
  const title = t('magicLink.shareTitle', { type: typeLabel(t, run.type), property: run.property.name });

  const copy = async (text: string, done: string) =>
    notify((await copyText(text)) ? done : t('profile.copyFailed'), { type: 'info' });
  const test = async () => {
    if (!link) return;
    setTestState('testing');
    const result = await testLink(t, link);
    setTestState(result.ok ? 'success' : 'error');
    setTestReason(result.ok ? '' : result.reason);
    notify(t(result.ok ? 'magicLink.testSuccessful' : 'magicLink.testFailed'), {
      type: result.ok ? 'success' : 'error',
    });
  };
  const shareLink = async () => {
    if (!link) return;
    const message = shareMessage(t, run, link);
    const result = await share({ title, text: message });
    if (result === 'unsupported') await copy(message, t('magicLink.messageCopied'));
  };
  const changeLink = async () => {
    const action = confirm;
    setChanging(true);
    try {
      const updated = await apiJson<RunRecord>(`/runs/${run.id}/link`, {
        method: action === 'rotate' ? 'POST' : 'DELETE',
      });
      onChange(updated);
      setTestState('idle');
      notify(t(action === 'rotate' ? 'magicLink.rotated' : 'magicLink.revoked'), { type: 'success' });
    } catch (error) {
      notify(error instanceof Error ? error.message : t('magicLink.updateFailed'), { type: 'error' });
    } finally {
      setChanging(false);
      setConfirm(null);
    }
  };

  return (
    <Box component="section" aria-labelledby={`magic-link-${run.id}`}>
      <Typography id={`magic-link-${run.id}`} component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('runs.magicLink')}
      </Typography>
      {link ? (
        <>
          <TextField
            label={t('magicLink.linkForCleaner')}
            value={link}
            fullWidth
            size="small"
            slotProps={{
              htmlInput: { readOnly: true, onFocus: (event: { target: HTMLInputElement }) => event.target.select() },
            }}
          />
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
            <Button
              variant="contained"
              startIcon={<ContentCopyIcon />}
              onClick={() => void copy(link, t('profile.linkCopied'))}
            >
              {t('magicLink.copyLink')}
            </Button>
            <Button variant="outlined" startIcon={<OpenInNewIcon />} href={link} target="_blank" rel="noopener">
              {t('common.open')}
            </Button>
            <Button
              variant="outlined"
              startIcon={<NetworkCheckIcon />}
              onClick={() => void test()}
              disabled={testState === 'testing'}
            >
              {t(testState === 'testing' ? 'magicLink.testing' : 'magicLink.testLink')}
            </Button>
            <Button variant="outlined" startIcon={<QrCode2Icon />} onClick={() => setQrOpen(true)}>
              {t('magicLink.qrCode')}
            </Button>
          </Stack>
          <Box role="status" aria-live="polite" sx={{ mt: 1.5 }}>
            <Alert
              severity={testState === 'success' ? 'success' : testState === 'error' ? 'error' : 'info'}
              icon={testState === 'success' ? <CheckCircleIcon /> : testState === 'error' ? <ErrorIcon /> : undefined}
            >
              {t(testTexts[testState])} {testReason}
            </Alert>
          </Box>
          <Divider sx={{ my: 2 }} />
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('magicLink.shareMessageHeading')}
          </Typography>
          <Typography
            variant="body2"
            sx={{ bgcolor: 'action.hover', p: 1.5, borderRadius: 1, my: 1, overflowWrap: 'anywhere' }}
          >
            {shareMessage(t, run, link)}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button
              startIcon={<ContentCopyIcon />}
              onClick={() => void copy(shareMessage(t, run, link), t('magicLink.messageCopied'))}
            >
              {t('magicLink.copyMessage')}
            </Button>
            <Button startIcon={<ShareIcon />} onClick={() => void shareLink()}>
              {t('magicLink.share')}
            </Button>
          </Stack>
          <QrCodeDialog link={link} title={title} open={qrOpen} onClose={() => setQrOpen(false)} />
        </>
      ) : (
        <Alert severity="warning">{t('magicLink.revokedAlert')}</Alert>
      )}
      <Divider sx={{ my: 2 }} />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button startIcon={<RefreshIcon />} onClick={() => setConfirm('rotate')} disabled={changing}>
          {t(link ? 'magicLink.rotateLink' : 'magicLink.newLink')}
        </Button>
        {link && (
          <Button color="error" startIcon={<LinkOffIcon />} onClick={() => setConfirm('revoke')} disabled={changing}>
            {t('magicLink.revokeLink')}
          </Button>
        )}
      </Stack>
      <Confirm
        isOpen={confirm !== null}
        loading={changing}
        title={t(confirm === 'revoke' ? 'magicLink.revokeTitle' : 'magicLink.newLinkTitle')}
        content={t(confirm === 'revoke' ? 'magicLink.revokeContent' : 'magicLink.newLinkContent')}
        confirm={t(confirm === 'revoke' ? 'magicLink.revokeLink' : 'magicLink.makeNewLink')}
        confirmColor="warning"
        onConfirm={() => void changeLink()}
        onClose={() => setConfirm(null)}
      />
    </Box>
  );
}
