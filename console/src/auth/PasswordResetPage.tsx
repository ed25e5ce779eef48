import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AuthFrame } from './AuthFrame.tsx';
import { errorMessage, requestPasswordReset, resetPassword } from './authApi.ts';
import { PasswordField } from './PasswordField.tsx';

const MIN_PASSWORD_LENGTH = 8;

/** /password-reset in three steps: request (?), sent (?step=sent), reset (?step=reset&token=). */
export function PasswordResetPage() {
  const [params, setParams] = useSearchParams();
  const step = params.get('step');
  if (step === 'reset') return <ResetStep token={params.get('token') ?? ''} />;
  if (step === 'sent') return <SentStep email={params.get('email') ?? ''} />;
  return <RequestStep onSent={(email) => setParams({ step: 'sent', email })} />;
}

function BackToSignIn() {
  const navigate = useNavigate();
  return (
    <Button variant="text" fullWidth onClick={() => navigate('/auth')}>
      Back to Sign In
    </Button>
  );
}

function RequestStep({ onSent }: { onSent: (email: string) => void }) {
  const { control, handleSubmit, formState } = useForm({ defaultValues: { email: '' } });
  const [error, setError] = useState('');
  const notify = useNotify();

  const submit = handleSubmit(
    async ({ email }) => {
      setError('');
      try {
        await requestPasswordReset(email.trim());
        notify('Reset link sent!', { type: 'success' });
        onSent(email.trim());
      } catch (caught) {
        setError(errorMessage(caught, 'The reset link could not be sent. Please try again.'));
      }
    },
    (errors) => setError(errors.email?.message ?? ''),
  );
  const busy = formState.isSubmitting;

  return (
    <AuthFrame title="Reset Password" subtitle="Enter your email and we'll send you a link to reset your password.">
      <Box component="form" onSubmit={(event) => void submit(event)} noValidate>
        <Stack spacing={2}>
          <Controller
            name="email"
            control={control}
            rules={{ validate: (email) => email.trim() !== '' || 'Please enter your email address first.' }}
            render={({ field }) => <TextField {...field} label="Email" type="email" autoComplete="email" required />}
          />
          {error && <Alert severity="error">{error}</Alert>}
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {busy ? 'Sending...' : 'Send Reset Link'}
          </Button>
          <BackToSignIn />
        </Stack>
      </Box>
    </AuthFrame>
  );
}

function SentStep({ email }: { email: string }) {
  const [busy, setBusy] = useState(false);
  const notify = useNotify();

  async function resend() {
    setBusy(true);
    try {
      await requestPasswordReset(email);
      notify('Reset link sent!', { type: 'success' });
    } catch (caught) {
      notify(errorMessage(caught, 'The reset link could not be sent. Please try again.'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthFrame title="Check Your Email">
      <Stack spacing={2}>
        <Typography>
          We sent a password reset link to <strong>{email}</strong>.
        </Typography>
        <Typography color="text.secondary">The link expires in 1 hour.</Typography>
        <Button variant="outlined" onClick={resend} disabled={busy || !email}>
          {busy ? 'Sending...' : 'Resend Email'}
        </Button>
        <BackToSignIn />
      </Stack>
    </AuthFrame>
  );
}

function ResetStep({ token }: { token: string }) {
  const { control, handleSubmit, formState } = useForm({ defaultValues: { password: '', confirmation: '' } });
  const [error, setError] = useState('');
  const notify = useNotify();
  const navigate = useNavigate();

  const submit = handleSubmit(
    async ({ password, confirmation }) => {
      setError('');
      try {
        const answer = await resetPassword({ token, password, confirm_password: confirmation });
        notify(answer.message, { type: 'success' });
        navigate('/auth');
      } catch (caught) {
        setError(errorMessage(caught, 'Your password could not be changed. Please try again.'));
      }
    },
    // The spec's order: a mismatch is named before a short password.
    (errors) => setError(errors.confirmation?.message ?? errors.password?.message ?? ''),
  );
  const busy = formState.isSubmitting;

  return (
    <AuthFrame title="Set a New Password">
      <Box component="form" onSubmit={(event) => void submit(event)} noValidate>
        <Stack spacing={2}>
          <Controller
            name="password"
            control={control}
            rules={{
              validate: (password) =>
                password.length >= MIN_PASSWORD_LENGTH || 'Password must be at least 8 characters long',
            }}
            render={({ field }) => (
              <PasswordField {...field} label="New Password" autoComplete="new-password" required />
            )}
          />
          <Controller
            name="confirmation"
            control={control}
            rules={{ validate: (confirmation, values) => confirmation === values.password || "Passwords don't match" }}
            render={({ field }) => (
              <PasswordField {...field} label="Confirm Password" autoComplete="new-password" required />
            )}
          />
          {error && <Alert severity="error">{error}</Alert>}
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {busy ? 'Updating...' : 'Update Password'}
          </Button>
          <BackToSignIn />
        </Stack>
      </Box>
    </AuthFrame>
  );
}
