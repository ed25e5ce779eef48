import { Alert, Box, Button, Divider, Link, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useT } from '../i18n/useT.ts';
import { AuthFrame } from './AuthFrame.tsx';
import { useFormRefusal } from './form-refusal.ts';
import {
  AUTH_PROVIDERS_KEY,
  authProviders,
  errorMessage,
  requestPasswordReset,
  signUp,
  type SignUpPromo,
} from './authApi.ts';
import { PasswordField } from './PasswordField.tsx';
import { SentenceWithStrong } from './SentenceWithStrong.tsx';
import { typedBeforeHydration } from './typed-before-hydration.ts';
import { useSession } from './session.ts';
import { useSignIn } from './useSignIn.ts';

type Mode = 'sign-in' | 'sign-up' | 'check-email';
/** The form's id: the server renders it (and the bench waits for it). */
const FORM_ID = 'auth-form';
type Fields = { full_name: string; email: string; password: string; promo_code: string };

// The API's rule for a sign-up (it checks it again, with the common-password list); auth.passwordTooShort says it.
const MIN_PASSWORD_LENGTH = 8;

/** /auth: sign in, sign up (then 'Check your email'), forgot password, Continue with Google. */
export function AuthPage() {
  const t = useT();
  const passwordTooShort = t('auth.passwordTooShort', { count: MIN_PASSWORD_LENGTH });
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>(initialMode(params));
  const { control, handleSubmit, getValues, formState } = useForm<Fields>({
    // A link may carry the launch code (?promo=TURNPROOF5); it is upper-cased as typed codes are.
    defaultValues: {
      full_name: typedBeforeHydration(FORM_ID, 'full_name'),
      // A plain form's refused POST gives the address back (api/src/auth/auth-form.ts).
      email: typedBeforeHydration(FORM_ID, 'email') || (params.get('email') ?? ''),
      password: typedBeforeHydration(FORM_ID, 'password'),
      promo_code: typedBeforeHydration(FORM_ID, 'promo_code') || (params.get('promo') ?? '').toUpperCase(),
    },
  });
  const [error, setError] = useState(useFormRefusal(t('auth.somethingWrong')));
  const [sentTo, setSentTo] = useState(params.get('email') ?? '');
  const [promo, setPromo] = useState<SignUpPromo | null>(promoOfPlainSignUp(params));
  const signIn = useSignIn();
  const notify = useNotify();
  const navigate = useNavigate();
  const session = useSession();
  const providers = useQuery({ queryKey: AUTH_PROVIDERS_KEY, queryFn: authProviders, staleTime: Infinity });

  const signOutFailed = params.get('signout') === 'failed';
  useEffect(() => {
    if (signOutFailed) notify(t('auth.signOutFailed'), { type: 'error' });
  }, [signOutFailed, notify, t]);

  // The spec: a signed-in user on /auth goes to /onboarding (which sends subscribed users on to /dashboard).
  useEffect(() => {
    if (session.data?.user) navigate('/onboarding', { replace: true });
  }, [session.data?.user, navigate]);

  const switchTo = (next: Mode) => {
    setMode(next);
    setError('');
  };

  const submit = handleSubmit(
    async ({ full_name, email, password, promo_code }) => {
      setError('');
      try {
        if (mode === 'sign-up') {
          // A code that cannot be applied does not stop the sign-up: the answer says why, shown next.
          const created = await signUp({ email, password, full_name, ...(promo_code.trim() ? { promo_code } : {}) });
          notify(t('auth.accountCreated'), { type: 'success' });
          setPromo(created.promo ?? null);
          setSentTo(email);
          setMode('check-email');
        } else {
          notify(await signIn({ email, password }), { type: 'success' });
        }
      } catch (caught) {
        setError(errorMessage(caught, t('auth.somethingWrong')));
      }
    },
    // A rule broken before sending: its sentence shows where the server's would.
    (errors) => setError(Object.values(errors)[0]?.message ?? ''),
  );

  async function forgotPassword() {
    const email = getValues('email');
    if (!email.trim()) {
      setError(t('auth.enterEmailFirst'));
      return;
    }
    setError('');
    try {
      await requestPasswordReset(email.trim());
      notify(t('auth.resetLinkSent'), { type: 'success' });
      navigate(`/password-reset?step=sent&email=${encodeURIComponent(email.trim())}`);
    } catch (caught) {
      setError(errorMessage(caught, t('auth.resetLinkFailed')));
    }
  }

  if (mode === 'check-email') {
    return (
      <AuthFrame title={t('auth.checkEmail')}>
        <Typography sx={{ mb: 3 }}>
          <SentenceWithStrong sentence={(place) => t('auth.confirmationSent', { email: place })} value={sentTo} />
        </Typography>
        {promo && <SignUpPromoResult promo={promo} />}
        <Button
          variant="contained"
          fullWidth
          href={authHref(params, 'sign-in')}
          onClick={(event) => {
            event.preventDefault();
            switchTo('sign-in');
          }}
        >
          {t('auth.backToSignIn')}
        </Button>
      </AuthFrame>
    );
  }

  const signingUp = mode === 'sign-up';
  const busy = formState.isSubmitting;
  return (
    <AuthFrame
      title={signingUp ? t('auth.createAccount') : t('auth.signIn')}
      subtitle={signingUp ? t('auth.signUpSubtitle') : t('auth.signInSubtitle')}
    >
      {params.get('error') === 'google' && !error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('auth.googleIncomplete')}
        </Alert>
      )}
      {params.get('link') === 'google' && !error && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('auth.linkGoogle')}
        </Alert>
      )}
      {params.get('password_reset') && !error && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {t('passwordReset.updated')}
        </Alert>
      )}
      {params.get('confirmed') && !error && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {t('auth.emailConfirmed')}
        </Alert>
      )}
      {/* Also a plain form (api/src/auth/auth-form.ts): sent before the console has started, it signs in or up
          on the server, and the password never rides in a URL as a method-less form's GET would put it. */}
      <Box
        id={FORM_ID}
        component="form"
        method="post"
        action={authHref(params, mode === 'sign-up' ? 'sign-up' : 'sign-in')}
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        <input type="hidden" name="mode" value={mode} />
        <Stack spacing={2}>
          {signingUp && (
            <Controller
              name="full_name"
              control={control}
              render={({ field }) => <TextField {...field} label={t('auth.fullName')} autoComplete="name" required />}
            />
          )}
          <Controller
            name="email"
            control={control}
            render={({ field }) => (
              <TextField {...field} label={t('settings.email')} type="email" autoComplete="email" required />
            )}
          />
          <Controller
            name="password"
            control={control}
            rules={{
              validate: (password) => !signingUp || [...password].length >= MIN_PASSWORD_LENGTH || passwordTooShort,
            }}
            render={({ field }) => (
              <PasswordField
                {...field}
                label={t('settings.password')}
                autoComplete={signingUp ? 'new-password' : 'current-password'}
                required
                helperText={signingUp ? passwordTooShort : undefined}
              />
            )}
          />
          {signingUp && (
            <Controller
              name="promo_code"
              control={control}
              render={({ field }) => (
                <TextField
                  {...field}
                  onChange={(event) => field.onChange(event.target.value.toUpperCase())}
                  label={t('auth.promoCodeOptional')}
                  autoComplete="off"
                  slotProps={{ htmlInput: { maxLength: 50, autoCapitalize: 'characters', spellCheck: false } }}
                />
              )}
            />
          )}
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {signingUp
              ? busy
                ? t('auth.creatingAccount')
                : t('auth.signUp')
              : busy
                ? t('auth.signingIn')
                : t('auth.signIn')}
          </Button>
          {!signingUp && (
            // A real link as well: tapped before the console's code has arrived, it opens /password-reset's
            // own form; once alive, it sends the link to the address typed here.
            <Button
              variant="text"
              href="/password-reset"
              onClick={(event) => {
                event.preventDefault();
                void forgotPassword();
              }}
            >
              {t('auth.forgotPassword')}
            </Button>
          )}
        </Stack>
      </Box>
      {providers.data?.google && (
        <>
          <Divider sx={{ my: 2 }}>{t('auth.or')}</Divider>
          <Button variant="outlined" fullWidth href="/api/auth/google">
            {t('auth.continueWithGoogle')}
          </Button>
        </>
      )}
      <Typography align="center" sx={{ mt: 3 }}>
        {signingUp ? t('auth.haveAccount') : t('auth.newToTurnproof')}{' '}
        {/* A real link, so a tap before the console's code has arrived (the form is server-rendered) still
            opens the other form; once alive, it switches in place. */}
        <Link
          href={authHref(params, signingUp ? 'sign-in' : 'sign-up')}
          onClick={(event) => {
            event.preventDefault();
            switchTo(signingUp ? 'sign-in' : 'sign-up');
          }}
        >
          {signingUp ? t('auth.signIn') : t('auth.signUp')}
        </Link>
      </Typography>
    </AuthFrame>
  );
}

/** The form the page opens with: 'Check your email' after a plain form's sign-up, else the link's. */
function initialMode(params: URLSearchParams): Mode {
  if (params.get('step') === 'check-email') return 'check-email';
  return params.get('mode') === 'sign-up' ? 'sign-up' : 'sign-in';
}

/** The promo code's outcome of a plain form's sign-up (api/src/auth/auth-form.ts), as the API answers it. */
function promoOfPlainSignUp(params: URLSearchParams): SignUpPromo | null {
  const code = params.get('promo_code');
  if (params.get('step') !== 'check-email' || !code) return null;
  const refused = params.get('promo_refused');
  if (!refused) return { ok: true, code, credits: Number(params.get('promo_credits')) || 0, message: '' };
  const reason = (['BAD_INPUT', 'INVALID_CODE'] as const).find((known) => known === refused) ?? 'promo_failed';
  return { ok: false, code, credits: 0, message: '', reason };
}

/** /auth with the same query (a plan, a template, a promo code) opening the given form. */
function authHref(params: URLSearchParams, mode: 'sign-in' | 'sign-up'): string {
  const query = new URLSearchParams(params);
  if (mode === 'sign-up') query.set('mode', 'sign-up');
  else query.delete('mode');
  const search = query.toString();
  return search ? `/auth?${search}` : '/auth';
}

/** After sign-up: the promo code's free reports, or why the code was not applied (the account is made anyway). */
function SignUpPromoResult({ promo }: { promo: SignUpPromo }) {
  const t = useT();
  if (promo.ok) {
    return (
      <Alert severity="success" sx={{ mb: 3 }}>
        <strong>{promo.code}</strong> · {t('apiAnswers.promoApplied', { smart_count: promo.credits })}{' '}
        {t('auth.promoYours')}
      </Alert>
    );
  }
  return (
    <Alert severity="warning" sx={{ mb: 3 }}>
      {t('auth.promoNotApplied', {
        code: promo.code,
        reason: promo.reason ? t(`apiErrors.${promo.reason}`) : promo.message,
      })}
    </Alert>
  );
}
