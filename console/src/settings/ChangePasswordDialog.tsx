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
import { Form, HttpError, useNotify } from 'react-admin';
import { Controller, type FieldValues, useFormState } from 'react-hook-form';
import { apiJson } from '../api/http.ts';
import type { MessageKey } from '../i18n/keys.ts';
import { type T, useT } from '../i18n/useT.ts';

const MIN_LENGTH = 8;
/** A problem shown as an alert: its title and its sentence. */
type Problem = { title: string; text: string };
type Fields = { current: string; next: string; confirm: string };

/** The problems the form finds itself, by the id its validation reports them with. */
const PROBLEMS = {
  missing: { title: 'changePassword.missingTitle', text: 'changePassword.missingText' },
  mismatch: { title: 'passwordReset.mismatch', text: 'changePassword.mismatchText' },
  tooShort: { title: 'changePassword.tooShortTitle', text: 'changePassword.tooShortText' },
} satisfies Record<string, { title: MessageKey; text: MessageKey }>;
type ProblemId = keyof typeof PROBLEMS;
const isProblemId = (value: unknown): value is ProblemId => typeof value === 'string' && value in PROBLEMS;

const problemOf = (t: T, id: ProblemId): Problem => ({
  title: t(PROBLEMS[id].title),
  text: t(PROBLEMS[id].text, { count: MIN_LENGTH }),
});

/** The spec's checks, in its order and words (8 characters, architecture decision 9). */
function passwordProblem(current: string, next: string, confirm: string): ProblemId | null {
  if (!current || !next || !confirm) return 'missing';
  if (next !== confirm) return 'mismatch';
  if ([...next].length < MIN_LENGTH) return 'tooShort';
  return null;
}

/** react-hook-form's validation (through react-admin's Form): the spec's problem, on the field it is about. */
function validate(values: FieldValues): Record<string, string> {
  const { current = '', next = '', confirm = '' } = values as Partial<Fields>;
  const problem = passwordProblem(current, next, confirm);
  if (!problem) return {};
  const field =
    problem === 'missing'
      ? (['current', 'next', 'confirm'] as const).find((name) => !values[name])
      : problem === 'mismatch'
        ? 'confirm'
        : 'next';
  return { [field ?? 'current']: problem };
}

/** The spec shows each problem as an alert with its title, above the fields. */
function ProblemAlert({ serverProblem }: { serverProblem: Problem | null }) {
  const t = useT();
  const { errors } = useFormState();
  // react-admin's Form wraps each message as { message } (for translation).
  const found: unknown = Object.values(errors)[0]?.message;
  const id = typeof found === 'string' ? found : (found as { message?: string } | undefined)?.message;
  const problem = isProblemId(id) ? problemOf(t, id) : serverProblem;
  if (!problem) return null;
  return (
    <Alert severity="error" role="alert">
      <AlertTitle>{problem.title}</AlertTitle>
      {problem.text}
    </Alert>
  );
}

function SubmitButton() {
  const t = useT();
  const { isSubmitting } = useFormState();
  return (
    <Button type="submit" variant="contained" disabled={isSubmitting}>
      {isSubmitting ? t('passwordReset.updating') : t('passwordReset.update')}
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
  const t = useT();
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
      notify(t('changePassword.updated'), { type: 'success' });
      close();
    } catch (error) {
      const text = error instanceof Error ? error.message : t('changePassword.failed');
      // A wrong current password is its own title; any other failure is named in general.
      const wrongPassword =
        error instanceof HttpError &&
        (error.body as { code?: unknown } | undefined)?.code === 'current_password_incorrect';
      setServerProblem({ title: wrongPassword ? text : t('changePassword.failedTitle'), text });
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
        <DialogTitle>{t('settings.changePassword')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <ProblemAlert serverProblem={serverProblem} />
            {passwordInput('current', t('changePassword.currentPassword'), 'current-password')}
            {passwordInput('next', t('changePassword.newPassword'), 'new-password')}
            {passwordInput('confirm', t('changePassword.confirmNew'), 'new-password')}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <SubmitButton />
        </DialogActions>
      </Form>
    </Dialog>
  );
}
