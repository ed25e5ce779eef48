import { formatCalendarDate, formatDateTime, formatTime } from '@turnproof/config/time-format';
import { Card, CardContent, Chip, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useLocale } from 'react-admin';
import { apiJson } from '../../api/http.ts';
import type { MessageKey } from '../../i18n/keys.ts';
import { useT } from '../../i18n/useT.ts';

interface TextRecord {
  id: string;
  notice: string;
  channel: 'sms' | 'whatsapp';
  cleaner: string | null;
  to_last_digits: string;
  status: string;
  error: string | null;
  send_at: string | null;
  refusal_code: 'text_allowance_used' | 'text_rate_limited' | null;
  refusal_params: Record<string, string | number> | null;
  created_at: string;
  updated_at: string;
}

const NOTICES = ['assigned', 'reminder', 'handed_over', 'invited'] as const;
const STATUSES = ['sending', 'queued', 'accepted', 'sent', 'delivered', 'read', 'undelivered', 'failed', 'refused'];
const FAILED = new Set(['undelivered', 'failed', 'refused']);

/**
 * The run's message log: each text sent about it, to whom, on which channel, and what Twilio last said of
 * it. Shown once a text went out; a failed one names why (the e-mail went instead when there was an address).
 */
/** A guard's refusal in the host's language (the renewal day as a date); Twilio's own words as they are. */
function whyRefused(text: TextRecord, t: ReturnType<typeof useT>, locale: string): string | null {
  const params = text.refusal_params;
  if (text.refusal_code === 'text_allowance_used' && params) {
    return t('guards.allowanceUsed', { ...params, renews: formatCalendarDate(String(params.renews), 'long', locale) });
  }
  if (text.refusal_code === 'text_rate_limited' && params) return t('guards.rateLimited', params);
  return text.error;
}

export function RunTextsCard({ runId, refreshKey, timeZone }: { runId: string; refreshKey: string; timeZone: string }) {
  const t = useT();
  const locale = useLocale();
  const { data: texts = [] } = useQuery({
    queryKey: ['run-texts', runId, refreshKey],
    queryFn: () => apiJson<TextRecord[]>(`/runs/${runId}/messages`),
    placeholderData: (previous) => previous,
  });
  if (texts.length === 0) return null;
  return (
    <Card variant="outlined" component="section" aria-labelledby="run-texts">
      <CardContent>
        <Typography id="run-texts" component="h2" variant="h6">
          {t('runTexts.title')}
        </Typography>
        <List dense>
          {texts.map((text) => {
            const notice = (NOTICES as readonly string[]).includes(text.notice)
              ? t(`runTexts.notice_${text.notice}` as MessageKey)
              : text.notice;
            const status =
              text.status === 'held' && text.send_at
                ? t('guards.heldUntil', { time: formatTime(text.send_at, timeZone, locale) })
                : text.status === 'withdrawn'
                  ? t('guards.withdrawn')
                  : STATUSES.includes(text.status)
                    ? t(`runTexts.status_${text.status}` as MessageKey)
                    : text.status;
            const why = whyRefused(text, t, locale);
            return (
              <ListItem key={text.id} disableGutters>
                <ListItemText
                  primary={t('runTexts.line', {
                    notice,
                    cleaner: text.cleaner ?? '—',
                    channel: t(`teamChannels.${text.channel}_channel`),
                    digits: text.to_last_digits,
                  })}
                  secondary={
                    <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                      <Chip
                        component="span"
                        size="small"
                        label={status}
                        color={FAILED.has(text.status) ? 'error' : text.status === 'delivered' ? 'success' : 'default'}
                      />
                      <span>{formatDateTime(text.updated_at, timeZone, locale)}</span>
                      {why && <span>{why}</span>}
                    </Stack>
                  }
                  slotProps={{ secondary: { component: 'span' } }}
                />
              </ListItem>
            );
          })}
        </List>
      </CardContent>
    </Card>
  );
}
