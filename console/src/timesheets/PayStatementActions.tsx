import { Button, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useLocale, useNotify } from 'react-admin';
import { apiJson } from '../api/http.ts';
import { useT } from '../i18n/useT.ts';
import type { Period, PayStatement } from './timesheet-types.ts';

const money = (cents: number, currency: string, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);

/** A cleaner's pay statement of the period: made on demand, downloaded as PDF or CSV, then sent (and fixed). */
export function PayStatementActions({
  memberId,
  cleaner,
  period,
}: {
  memberId: string;
  cleaner: string;
  period: Period;
}) {
  const t = useT();
  const locale = useLocale();
  const notify = useNotify();
  const make = useMutation({
    mutationFn: () =>
      apiJson<PayStatement>('/pay-statements', { method: 'POST', body: { member_id: memberId, ...period } }),
    onError: (error) => notify(error.message, { type: 'error' }),
  });
  const send = useMutation({
    mutationFn: (id: string) => apiJson<PayStatement>(`/pay-statements/${id}/send`, { method: 'POST' }),
    onSuccess: (sent) => notify(sent.mailed ? t('pay.sentMailed', { name: cleaner }) : t('pay.sentMarked')),
    onError: (error) => notify(error.message, { type: 'error' }),
  });
  const statement = send.data ?? make.data;

  if (!statement)
    return (
      <Button variant="outlined" size="small" onClick={() => make.mutate()} disabled={make.isPending}>
        {make.isPending ? t('common.loading') : t('pay.makeStatement')}
      </Button>
    );
  return (
    <Stack spacing={1} aria-label={t('pay.statementOf', { name: cleaner })}>
      <Typography>
        {t('pay.statementTotal', {
          total: money(statement.total_cents, statement.currency, locale),
          smart_count: statement.lines.length,
        })}
      </Typography>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button size="small" variant="outlined" href={`/api/pay-statements/${statement.id}/pdf`} download>
          {t('pay.pdf')}
        </Button>
        <Button size="small" variant="outlined" href={`/api/pay-statements/${statement.id}/csv`} download>
          {t('pay.csv')}
        </Button>
        {statement.sent_at ? (
          <Typography color="success.main" sx={{ alignSelf: 'center' }}>
            {t('pay.sent')}
          </Typography>
        ) : (
          <Button size="small" variant="contained" onClick={() => send.mutate(statement.id)} disabled={send.isPending}>
            {t('pay.send')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
