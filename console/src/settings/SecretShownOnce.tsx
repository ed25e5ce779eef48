import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, AlertTitle, Box, Button, Stack, Typography } from '@mui/material';
import { useNotify } from 'react-admin';
import { useT } from '../i18n/useT.ts';

export interface SecretShownOnceProps {
  title: string;
  /** Why to copy it now (the server keeps only what it needs to check it). */
  note: string;
  secret: string;
  copyLabel: string;
  copiedMessage: string;
  onDone: () => void;
}

/** A secret the server shows this once (an API key, a webhook's signing secret), with a Copy button. */
export function SecretShownOnce({ title, note, secret, copyLabel, copiedMessage, onDone }: SecretShownOnceProps) {
  const t = useT();
  const notify = useNotify();
  const copy = () =>
    void navigator.clipboard.writeText(secret).then(
      () => notify(copiedMessage, { type: 'success' }),
      () => notify(t('apiKeys.copyFailed'), { type: 'warning' }),
    );
  return (
    <Alert severity="warning" role="status">
      <AlertTitle sx={{ wordBreak: 'break-all' }}>{title}</AlertTitle>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {note}
      </Typography>
      <Box
        component="code"
        sx={{ display: 'block', p: 1, mb: 1, bgcolor: 'background.paper', borderRadius: 1, wordBreak: 'break-all' }}
      >
        {secret}
      </Box>
      <Stack direction="row" spacing={1}>
        <Button variant="contained" size="small" startIcon={<ContentCopyIcon />} onClick={copy}>
          {copyLabel}
        </Button>
        <Button size="small" onClick={onDone}>
          {t('apiKeys.done')}
        </Button>
      </Stack>
    </Alert>
  );
}
