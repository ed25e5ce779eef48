import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import { apiJson } from '../api/http.ts';
import { AUTH_PATH, clearLocalData } from '../auth/authProvider.ts';
import { useT } from '../i18n/useT.ts';

/**
 * Delete Account: the owner types their e-mail and their current password (an account without one was
 * signed in by Google moments ago); the server removes everything and stops their workflows.
 */
export function DeleteAccountDialog({
  open,
  email,
  hasPassword,
  onClose,
}: {
  open: boolean;
  email: string;
  hasPassword: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const matches = typed.trim().toLowerCase() === email.toLowerCase() && (!hasPassword || password !== '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!matches) return;
    setDeleting(true);
    setError(null);
    try {
      await apiJson('/account/deletion', {
        method: 'POST',
        body: { confirm_email: typed, ...(hasPassword ? { current_password: password } : {}) },
      });
      clearLocalData();
      window.location.assign(AUTH_PATH);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : t('deleteAccount.failed'));
      setDeleting(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={(event) => void submit(event)}>
        <DialogTitle>{t('settings.deleteAccount')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('deleteAccount.warning')}</DialogContentText>
          {error && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <TextField
            label={t('deleteAccount.typeToConfirm', { email })}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            fullWidth
          />
          {hasPassword && (
            <TextField
              label={t('changePassword.currentPassword')}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              fullWidth
              sx={{ mt: 2 }}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" color="error" variant="contained" disabled={!matches || deleting}>
            {deleting ? t('common.deleting') : t('settings.deleteAccount')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
