import DownloadIcon from '@mui/icons-material/Download';
import ShareIcon from '@mui/icons-material/Share';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { useT } from '../i18n/useT.ts';
import { copyText, share } from './link-actions.ts';

/** The spec's QR code: 300 px, margin 2. */
export const QR_OPTIONS = { width: 300, margin: 2 } as const;

/** The magic link as a QR code a cleaner scans, with download and share (a failed share copies the link). */
export function QrCodeDialog({
  link,
  title,
  open,
  onClose,
}: {
  link: string;
  title: string;
  open: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const notify = useNotify();
  const [dataUrl, setDataUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!open || !link) return;
    let current = true;
    QRCode.toDataURL(link, QR_OPTIONS).then(
      (url) => current && setDataUrl(url),
      () => notify(t('magicLink.qrFailed'), { type: 'error' }),
    );
    return () => {
      current = false;
    };
  }, [open, link, notify, t]);

  const shareQr = async () => {
    if (!dataUrl) return;
    const blob = await (await fetch(dataUrl)).blob();
    const file = new File([blob], 'turnproof-inspection-qr.png', { type: 'image/png' });
    const result = await share({ files: [file], title, url: link });
    if (result !== 'unsupported') return;
    notify(t((await copyText(link)) ? 'profile.linkCopied' : 'magicLink.shareFailed'), { type: 'info' });
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="qr-title">
      <DialogTitle id="qr-title">{t('magicLink.qrTitle')}</DialogTitle>
      <DialogContent sx={{ textAlign: 'center' }}>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t('magicLink.scanHint')}
        </Typography>
        <Box sx={{ width: 300, height: 300, mx: 'auto', display: 'grid', placeItems: 'center' }}>
          {dataUrl ? (
            <img src={dataUrl} width={300} height={300} alt={t('magicLink.qrAlt', { title })} />
          ) : (
            <CircularProgress aria-label={t('magicLink.makingQr')} />
          )}
        </Box>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap' }}>
        <Button
          startIcon={<DownloadIcon />}
          component="a"
          href={dataUrl ?? undefined}
          download="turnproof-inspection-qr.png"
          disabled={!dataUrl}
        >
          {t('runActions.download')}
        </Button>
        <Button startIcon={<ShareIcon />} onClick={() => void shareQr()} disabled={!dataUrl}>
          {t('magicLink.share')}
        </Button>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
