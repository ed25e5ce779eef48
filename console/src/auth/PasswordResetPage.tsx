import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useT } from '../i18n/useT.ts';
import { AuthFrame } from './AuthFrame.tsx';
import { useFormRefusal } from './form-refusal.ts';
import { errorMessage, requestPasswordReset, resetPassword } from './authApi.ts';
import { PasswordField } from './PasswordField.tsx';
import { SentenceWithStrong } from './SentenceWithStrong.tsx';

const MIN_PASSWORD_LENGTH = 8;

/** /password-reset in three steps: request (?), sent (?step=sent), reset (?step=reset&token=). */
export function PasswordResetPage() {
  const [params, setParams] = useSearchParams();
  const step = params.get('step');
  if (step === 'reset') return <ResetStep token={params.get('token') ?? ''} />;
  if (step === 'sent') return <SentStep email={params.get('email') ?? ''} />;
  return <RequestStep onSent={(email) => setParams({ step: 'sent', email })} />;
}

// The request and Resend are plain forms too (api/src/auth/password-reset-form.ts) and Back to sign in a plain
// link: on a phone whose console has not arrived yet, they work from the server's HTML; once alive, in place.
const REQUEST_FORM = { method: 'post', action: '/password-reset' } as const;
// The new password's form posts too: a form without a method would send the password in a GET's URL.
const NEW_PASSWORD_FORM = { method: 'post', action: '/password-reset/new-password' } as const;

function BackToSignIn() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <Button
      variant="text"
      fullWidth
      href="/auth"
      onClick={(event) => {
        event.preventDefault();
        navigate('/auth');
      }}
    >
      {t('auth.backToSignIn')}
    </Button>
  );
}

function RequestStep({ onSent }: { onSent: (email: string) => void }) {
  const t = useT();
  const { control, handleSubmit, formState } = useForm({ defaultValues: { email: '' } });
  const [error, setError] = useState(useFormRefusal(t('auth.resetLinkFailed')));
  const notify = useNotify();

  const submit = handleSubmit(
    async ({ email }) => {
      setError('');
      try {
        await requestPasswordReset(email.trim());
        notify(t('auth.resetLinkSent'), { type: 'success' });
        onSent(email.trim());
      } catch (caught) {
        setError(errorMessage(caught, t('auth.resetLinkFailed')));
      }
    },
    (errors) => setError(errors.email?.message ?? ''),
  );
  const busy = formState.isSubmitting;

  return (
    <AuthFrame title={t('passwordReset.title')} subtitle={t('passwordReset.subtitle')}>
      <Box component="form" {...REQUEST_FORM} onSubmit={(event) => void submit(event)} noValidate>
        <Stack spacing={2}>
          <Controller
            name="email"
            control={control}
            rules={{ validate: (email) => email.trim() !== '' || t('auth.enterEmailFirst') }}
            render={({ field }) => (
              <TextField {...field} label={t('settings.email')} type="email" autoComplete="email" required />
            )}
          />
          {error && <Alert severity="error">{error}</Alert>}
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {busy ? t('team.sending') : t('passwordReset.sendLink')}
          </Button>
          <BackToSignIn />
        </Stack>
      </Box>
    </AuthFrame>
  );
}

function SentStep({ email }: { email: string }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const notify = useNotify();

  async function resend() {
    setBusy(true);
    try {
      await requestPasswordReset(email);
      notify(t('auth.resetLinkSent'), { type: 'success' });
    } catch (caught) {
      notify(errorMessage(caught, t('auth.resetLinkFailed')), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthFrame title={t('passwordReset.checkEmail')}>
      <Stack spacing={2}>
        <Typography>
          <SentenceWithStrong sentence={(place) => t('passwordReset.linkSent', { email: place })} value={email} />
        </Typography>
        <Typography color="text.secondary">{t('passwordReset.expires')}</Typography>
        <Box
          component="form"
          {...REQUEST_FORM}
          onSubmit={(event) => {
            event.preventDefault();
            void resend();
          }}
        >
          <input type="hidden" name="email" value={email} />
          <Button type="submit" variant="outlined" fullWidth disabled={busy || !email}>
            {busy ? t('team.sending') : t('passwordReset.resend')}
          </Button>
        </Box>
        <BackToSignIn />
      </Stack>
    </AuthFrame>
  );
}

function ResetStep({ token }: { token: string }) {
  const t = useT();
  const { control, handleSubmit, formState } = useForm({ defaultValues: { password: '', confirmation: '' } });
  const [error, setError] = useState(useFormRefusal(t('passwordReset.changeFailed')));
  const notify = useNotify();
  const navigate = useNavigate();

  const submit = handleSubmit(
    async ({ password, confirmation }) => {
      setError('');
      try {
        await resetPassword({ token, password, confirm_password: confirmation });
        // The API's sentence, in the console's language.
        notify(t('passwordReset.updated'), { type: 'success' });
        navigate('/auth');
      } catch (caught) {
        setError(errorMessage(caught, t('passwordReset.changeFailed')));
      }
    },
    // The spec's order: a mismatch is named before a short password.
    (errors) => setError(errors.confirmation?.message ?? errors.password?.message ?? ''),
  );
  const busy = formState.isSubmitting;

  return (
    <AuthFrame title={t('passwordReset.newPasswordTitle')}>
      <Box component="form" {...NEW_PASSWORD_FORM} onSubmit={(event) => void submit(event)} noValidate>
        <input type="hidden" name="token" value={token} />
        <Stack spacing={2}>
          <Controller
            name="password"
            control={control}
            rules={{
              validate: (password) =>
                password.length >= MIN_PASSWORD_LENGTH || t('passwordReset.tooShort', { count: MIN_PASSWORD_LENGTH }),
            }}
            render={({ field }) => (
              <PasswordField {...field} label={t('passwordReset.newPassword')} autoComplete="new-password" required />
            )}
          />
          <Controller
            name="confirmation"
            control={control}
            rules={{
              validate: (confirmation, values) => confirmation === values.password || t('passwordReset.mismatch'),
            }}
            render={({ field }) => (
              <PasswordField
                {...field}
                label={t('passwordReset.confirmPassword')}
                autoComplete="new-password"
                required
              />
            )}
          />
          {error && <Alert severity="error">{error}</Alert>}
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {busy ? t('passwordReset.updating') : t('passwordReset.update')}
          </Button>
          <BackToSignIn />
        </Stack>
      </Box>
    </AuthFrame>
  );
}
