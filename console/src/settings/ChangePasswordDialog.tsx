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
import { type FormEvent, useState } from 'react';
import { useNotify } from 'react-admin';
import { apiJson } from '../api/http.ts';

const MIN_LENGTH = 8;
type Problem = { title: string; text: string };

/** The spec's checks, in its order and words (8 characters, architecture decision 9). */
export function passwordProblem(current: string, next: string, confirm: string): Problem | null {
  if (!current || !next || !confirm) return { title: 'Missing fields', text: 'Please fill in all password fields.' };
  if (next !== confirm) return { title: "Passwords don't match", text: 'New password and confirmation must match.' };
  if ([...next].length < MIN_LENGTH) {
    return { title: 'Password too short', text: `Use at least ${MIN_LENGTH} characters.` };
  }
  return null;
}

/** Settings > Account Security > Change Password; the server verifies the current password. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const notify = useNotify();
  const [fields, setFields] = useState({ current: '', next: '', confirm: '' });
  const [problem, setProblem] = useState<Problem | null>(null);
  const [saving, setSaving] = useState(false);

  const close = () => {
    setFields({ current: '', next: '', confirm: '' });
    setProblem(null);
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = passwordProblem(fields.current, fields.next, fields.confirm);
    setProblem(found);
    if (found) return;
    setSaving(true);
    try {
      await apiJson('/auth/password', {
        method: 'POST',
        body: { current_password: fields.current, new_password: fields.next, confirm_password: fields.confirm },
      });
      notify('Password updated. Every other device has been signed out.', { type: 'success' });
      close();
    } catch (error) {
      const text = error instanceof Error ? error.message : 'Error changing password';
      setProblem({ title: text === 'Current password incorrect' ? text : 'Password change failed', text });
    } finally {
      setSaving(false);
    }
  };
  const field = (name: keyof typeof fields, label: string, autoComplete: string) => (
    <TextField
      label={label}
      type="password"
      autoComplete={autoComplete}
      value={fields[name]}
      onChange={(event) => setFields({ ...fields, [name]: event.target.value })}
      fullWidth
    />
  );

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle>Change Password</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {problem && (
              <Alert severity="error" role="alert">
                <AlertTitle>{problem.title}</AlertTitle>
                {problem.text}
              </Alert>
            )}
            {field('current', 'Current password', 'current-password')}
            {field('next', 'New password', 'new-password')}
            {field('confirm', 'Confirm new password', 'new-password')}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {saving ? 'Updating...' : 'Update Password'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
