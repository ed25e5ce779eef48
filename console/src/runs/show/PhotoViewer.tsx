import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useT } from '../../i18n/useT.ts';

export interface ViewedMedia {
  url: string;
  type: 'photo' | 'video';
  title: string;
  caption: string;
}

/** One photo or video at full size; Escape, a click outside or Close shuts it. */
export function PhotoViewer({ media, onClose }: { media: ViewedMedia | null; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog open={media !== null} onClose={onClose} maxWidth="lg" aria-labelledby="photo-viewer-title">
      {media && (
        <>
          <DialogTitle id="photo-viewer-title">{media.title}</DialogTitle>
          <DialogContent>
            {media.type === 'photo' ? (
              <img
                src={media.url}
                alt={media.title}
                style={{ display: 'block', maxWidth: '100%', maxHeight: '75vh', margin: '0 auto' }}
              />
            ) : (
              <video src={media.url} controls style={{ display: 'block', maxWidth: '100%', maxHeight: '75vh' }} />
            )}
            <Typography variant="body2" sx={{ mt: 1 }}>
              {media.caption}
            </Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('common.close')}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
