import { formatDateTime } from '@turnproof/config/time-format';
import { Box, ButtonBase, Chip, Stack } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useLocale } from 'react-admin';
import { useT } from '../../i18n/useT.ts';
import { PhotoFlags } from './PhotoFlags.tsx';
import { PhotoViewer, type ViewedMedia } from './PhotoViewer.tsx';
import type { EvidenceMedia } from './run-evidence.ts';

/**
 * A row of 96 px thumbnails, each opening its photo (or video) at full size with the phone's claimed
 * time beside the server's; a photo the host rejected says so. `subject` names them: '{subject}: photo
 * 2 of 3'. `below` adds a control under each (the review's Reject). Under a photo the server flagged
 * (blurry, dark, reused...), its flags, each with Accept.
 */
export function MediaThumbnails({
  runId,
  media,
  subject,
  timeZone,
  below,
}: {
  runId: string;
  media: EvidenceMedia[];
  subject: string;
  timeZone: string;
  below?: (item: EvidenceMedia, title: string) => ReactNode;
}) {
  const t = useT();
  const locale = useLocale();
  const [viewed, setViewed] = useState<ViewedMedia | null>(null);
  if (media.length === 0) return null;
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
        {media.map((item, index) => {
          const title = t(item.type === 'video' ? 'runPage.videoOf' : 'runPage.photoOf', {
            subject,
            index: index + 1,
            total: media.length,
          });
          const received = formatDateTime(item.received_at, timeZone, locale);
          const caption = item.captured_at
            ? t('runPage.takenReceived', { taken: formatDateTime(item.captured_at, timeZone, locale), received })
            : t('runPage.received', { when: received });
          return (
            <Stack key={item.id} spacing={0.5} sx={{ width: item.checks.length ? 160 : 96, alignItems: 'flex-start' }}>
              <ButtonBase
                aria-label={t('runPage.openMedia', { title })}
                onClick={() => setViewed({ url: item.url, type: item.type, title, caption })}
                sx={{ borderRadius: 1, overflow: 'hidden', opacity: item.rejected_at ? 0.5 : 1 }}
              >
                {item.thumbnail_url ? (
                  <img src={item.thumbnail_url} alt={title} width={96} height={96} style={{ objectFit: 'cover' }} />
                ) : (
                  <Box sx={{ width: 96, height: 96, display: 'grid', placeItems: 'center', bgcolor: 'grey.200' }}>
                    {t(item.type === 'video' ? 'runPage.video' : 'runPage.photo')}
                  </Box>
                )}
              </ButtonBase>
              {item.rejected_at && <Chip size="small" color="error" variant="outlined" label={t('runPage.rejected')} />}
              <PhotoFlags runId={runId} item={item} />
              {below?.(item, title)}
            </Stack>
          );
        })}
      </Stack>
      <PhotoViewer media={viewed} onClose={() => setViewed(null)} />
    </>
  );
}
