import { Alert, AlertTitle, Box, Button, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { HttpError } from 'react-admin';
import { apiJson } from '../api/http.ts';
import { creditsLeftText, usePromoCredits, useRefreshPromoCredits } from './usePromoCredits.ts';
import { type T, useT } from '../i18n/useT.ts';

type PromoError = { title?: string; message: string };
type PromoState =
  { kind: 'idle' } | { kind: 'applying' } | { kind: 'applied'; message: string } | ({ kind: 'error' } & PromoError);

function promoError(t: T, error: unknown): PromoError {
  if (error instanceof HttpError) {
    // The message is the API's sentence in the console's language (INVALID_CODE, BAD_INPUT...: api/http.ts).
    if (error.status === 401) return { title: t('plans.authRequired'), message: t('plans.logInForPromo') };
    return { message: error.message || t('plans.promoFailed') };
  }
  return { message: t('plans.networkError') };
}

/**
 * The promo code box: input uppercased, Apply disabled while empty, applying or applied. A code applied
 * earlier stays applied (the server still holds its credits), with the credits left beside it.
 */
export function PromoCodeBox({ orgId }: { orgId: string }) {
  const t = useT();
  const [code, setCode] = useState('');
  const [attempt, setAttempt] = useState<PromoState>({ kind: 'idle' });
  const credits = usePromoCredits(orgId);
  const refreshCredits = useRefreshPromoCredits();
  const remaining = credits.data ?? 0;
  const state: PromoState =
    attempt.kind === 'idle' && remaining > 0 ? { kind: 'applied', message: creditsLeftText(t, remaining) } : attempt;

  async function apply() {
    const trimmed = code.trim();
    if (!trimmed) return;
    setAttempt({ kind: 'applying' });
    try {
      const answer = await apiJson<{ message?: string; remaining?: number }>('/promo/apply', {
        method: 'POST',
        body: { orgId, code: trimmed },
      });
      // The count, in the console's language (the server's sentence is English).
      setAttempt({ kind: 'applied', message: t('plans.reportsAdded', { count: answer.remaining ?? 5 }) });
      await refreshCredits();
    } catch (error) {
      setAttempt({ kind: 'error', ...promoError(t, error) });
    }
  }

  return (
    <Box
      component="section"
      aria-labelledby="promo-title"
      sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 2 }}
    >
      <Typography id="promo-title" component="h2" variant="subtitle1" gutterBottom>
        {t('plans.haveCode')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <TextField
          size="small"
          label={t('plans.promoCode')}
          value={code}
          onChange={(event) => setCode(event.target.value.toUpperCase())}
          disabled={state.kind === 'applied'}
          sx={{ flexGrow: 1 }}
        />
        <Button
          variant="outlined"
          onClick={apply}
          disabled={!code.trim() || state.kind === 'applying' || state.kind === 'applied'}
        >
          {state.kind === 'applying'
            ? t('plans.applying')
            : state.kind === 'applied'
              ? t('plans.applied')
              : t('plans.apply')}
        </Button>
      </Box>
      {state.kind === 'applied' && (
        <Alert severity="success" sx={{ mt: 1 }}>
          {state.message}
        </Alert>
      )}
      {state.kind === 'error' && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {state.title && <AlertTitle>{state.title}</AlertTitle>}
          {state.message}
        </Alert>
      )}
    </Box>
  );
}
