import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useNotify } from 'react-admin';
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
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const notify = useNotify();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) {
      setError('Please enter your email address first.');
      return;
    }
    setBusy(true);
    setError('');
    try {
      await requestPasswordReset(email.trim());
      notify('Reset link sent!', { type: 'success' });
      onSent(email.trim());
    } catch (caught) {
      setError(errorMessage(caught, 'The reset link could not be sent. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthFrame title="Reset Password" subtitle="Enter your email and we'll send you a link to reset your password.">
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
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
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const notify = useNotify();
  const navigate = useNavigate();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password !== confirmation) return setError("Passwords don't match");
    if (password.length < MIN_PASSWORD_LENGTH) return setError('Password must be at least 8 characters long');
    setBusy(true);
    setError('');
    try {
      const answer = await resetPassword({ token, password, confirm_password: confirmation });
      notify(answer.message, { type: 'success' });
      navigate('/auth');
    } catch (caught) {
      setError(errorMessage(caught, 'Your password could not be changed. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthFrame title="Set a New Password">
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          <PasswordField
            label="New Password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <PasswordField
            label="Confirm Password"
            autoComplete="new-password"
            required
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
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
