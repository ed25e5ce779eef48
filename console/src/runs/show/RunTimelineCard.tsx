import { formatCalendarDate, formatDateTime } from '@turnproof/config/time-format';
import { Card, CardContent, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useLocale } from 'react-admin';
import { apiJson } from '../../api/http.ts';
import { en } from '../../i18n/en.ts';
import type { MessageKey } from '../../i18n/keys.ts';
import { type MessageOptions, type T, useT } from '../../i18n/useT.ts';

interface TimelineEntry {
  id: string;
  kind: string;
  code: string | null;
  params: Record<string, string | number> | null;
  detail: string;
  created_at: string;
}

/** Counts in a step's params, each said with its own plural form (one message takes one smart_count). */
const COUNTS = ['actions', 'minutes', 'tasks', 'photos'] as const;

const knownCode = (code: string | null): code is keyof typeof en.tp.timeline =>
  code !== null && typeof (en.tp.timeline as Record<string, unknown>)[code] === 'string';

/**
 * A step in the host's language: its message with the params (counts with their plurals, the due time
 * in the property's zone, the severity in words); the server's English detail for steps without a
 * known code (recorded before codes).
 */
function stepText(entry: TimelineEntry, t: T, timeZone: string, locale: string): string {
  if (!knownCode(entry.code)) return entry.detail;
  const options: MessageOptions = { ...entry.params };
  for (const name of COUNTS) {
    const count = options[name];
    if (typeof count === 'number') options[name] = t(`timeline.count.${name}`, { smart_count: count });
  }
  if (typeof options.due === 'string') options.due = formatDateTime(options.due, timeZone, locale);
  // A day (YYYY-MM-DD), when the month's texts renew.
  if (typeof options.renews === 'string') options.renews = formatCalendarDate(options.renews, 'long', locale);
  const severity = options.severity;
  if (severity === 'low' || severity === 'medium' || severity === 'high') options.severity = t(`severity.${severity}`);
  return t(`timeline.${entry.code}` as MessageKey, options);
}

/** What happened to the run, oldest first, refetched when the run changes (refreshKey). */
export function RunTimelineCard({
  runId,
  refreshKey,
  timeZone,
}: {
  runId: string;
  refreshKey: string;
  timeZone: string;
}) {
  const t = useT();
  const locale = useLocale();
  const { data: timeline = [] } = useQuery({
    queryKey: ['run-timeline', runId, refreshKey],
    queryFn: () => apiJson<TimelineEntry[]>(`/runs/${runId}/timeline`),
    placeholderData: (previous) => previous,
  });
  return (
    <Card variant="outlined" component="section" aria-labelledby="run-timeline">
      <CardContent>
        <Typography id="run-timeline" component="h2" variant="h6">
          {t('runPage.timeline')}
        </Typography>
        {timeline.length === 0 && <Typography variant="body2">{t('runPage.nothingYet')}</Typography>}
        <List dense>
          {timeline.map((entry) => (
            <ListItem key={entry.id} disableGutters>
              <ListItemText
                primary={stepText(entry, t, timeZone, locale)}
                secondary={formatDateTime(entry.created_at, timeZone, locale)}
              />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
