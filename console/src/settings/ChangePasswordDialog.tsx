import {
  Alert,
  AlertTitle,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { Form, useNotify } from 'react-admin';
import { Controller, type FieldValues, useFormState } from 'react-hook-form';
import { apiJson } from '../api/http.ts';

const MIN_LENGTH = 8;
type Problem = { title: string; text: string };
type Fields = { current: string; next: string; confirm: string };

const missing: Problem = { title: 'Missing fields', text: 'Please fill in all password fields.' };
const mismatch: Problem = { title: "Passwords don't match", text: 'New password and confirmation must match.' };
const tooShort: Problem = { title: 'Password too short', text: `Use at least ${MIN_LENGTH} characters.` };
const problems = [missing, mismatch, tooShort];

/** The spec's checks, in its order and words (8 characters, architecture decision 9). */
export function passwordProblem(current: string, next: string, confirm: string): Problem | null {
  if (!current || !next || !confirm) return missing;
  if (next !== confirm) return mismatch;
  if ([...next].length < MIN_LENGTH) return tooShort;
  return null;
}

/** react-hook-form's validation (through react-admin's Form): the spec's problem, on the field it is about. */
function validate(values: FieldValues): Record<string, string> {
  const { current = '', next = '', confirm = '' } = values as Partial<Fields>;
  const problem = passwordProblem(current, next, confirm);
  if (!problem) return {};
  const field =
    problem === missing
      ? (['current', 'next', 'confirm'] as const).find((name) => !values[name])
      : problem === mismatch
        ? 'confirm'
        : 'next';
  return { [field ?? 'current']: problem.text };
}

/** The spec shows each problem as an alert with its title, above the fields. */
function ProblemAlert({ serverProblem }: { serverProblem: Problem | null }) {
  const { errors } = useFormState();
  // react-admin's Form wraps each message as { message } (for translation).
  const found: unknown = Object.values(errors)[0]?.message;
  const text = typeof found === 'string' ? found : (found as { message?: string } | undefined)?.message;
  const problem = problems.find((known) => known.text === text) ?? serverProblem;
  if (!problem) return null;
  return (
    <Alert severity="error" role="alert">
      <AlertTitle>{problem.title}</AlertTitle>
      {problem.text}
    </Alert>
  );
}

function SubmitButton() {
  const { isSubmitting } = useFormState();
  return (
    <Button type="submit" variant="contained" disabled={isSubmitting}>
      {isSubmitting ? 'Updating...' : 'Update Password'}
    </Button>
  );
}

/** A password field of the form; its problem shows once, in the alert above (the spec's layout). */
const passwordInput = (source: keyof Fields, label: string, autoComplete: string) => (
  <Controller
    name={source}
    render={({ field, fieldState }) => (
      <TextField
        {...field}
        label={label}
        type="password"
        autoComplete={autoComplete}
        error={fieldState.invalid}
        fullWidth
      />
    )}
  />
);

/** Settings > Account Security > Change Password; the server verifies the current password. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const notify = useNotify();
  const [serverProblem, setServerProblem] = useState<Problem | null>(null);
  const close = () => {
    setServerProblem(null);
    onClose();
  };
  const submit = async (values: FieldValues) => {
    const { current, next, confirm } = values as Fields;
    setServerProblem(null);
    try {
      await apiJson('/auth/password', {
        method: 'POST',
        body: { current_password: current, new_password: next, confirm_password: confirm },
      });
      notify('Password updated. Every other device has been signed out.', { type: 'success' });
      close();
    } catch (error) {
      const text = error instanceof Error ? error.message : 'Error changing password';
      setServerProblem({ title: text === 'Current password incorrect' ? text : 'Password change failed', text });
    }
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs">
      <Form
        defaultValues={{ current: '', next: '', confirm: '' }}
        validate={validate}
        onSubmit={submit}
        disableInvalidFormNotification
        noValidate
      >
        <DialogTitle>Change Password</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <ProblemAlert serverProblem={serverProblem} />
            {passwordInput('current', 'Current password', 'current-password')}
            {passwordInput('next', 'New password', 'new-password')}
            {passwordInput('confirm', 'Confirm new password', 'new-password')}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <SubmitButton />
        </DialogActions>
      </Form>
    </Dialog>
  );
}
