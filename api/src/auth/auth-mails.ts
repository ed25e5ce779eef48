import type { Mailer } from '@turnproof/activities/mailer';

export function sendConfirmationMail(mailer: Mailer, to: string, name: string, link: string) {
  return mailer.send({
    to,
    subject: 'Confirm your Turnproof account',
    text: [
      `Hi ${name},`,
      '',
      'Welcome to Turnproof! Please confirm your e-mail address to finish creating your account:',
      link,
      '',
      'If you did not sign up, you can ignore this message.',
    ].join('\n'),
  });
}

export function sendPasswordResetMail(mailer: Mailer, to: string, link: string) {
  return mailer.send({
    to,
    subject: 'Reset your Turnproof password',
    text: [
      'Someone asked to reset the password of your Turnproof account.',
      'Choose a new password with this link. It expires in 1 hour and works once:',
      link,
      '',
      'If it was not you, ignore this message: your password stays as it is.',
    ].join('\n'),
  });
}

/** Someone signed up with an address that has an account: its owner hears of it, the sign-up learns nothing. */
export function sendExistingAccountMail(mailer: Mailer, to: string, origin: string) {
  return mailer.send({
    to,
    subject: 'Your Turnproof account',
    text: [
      'Someone tried to create a Turnproof account with this e-mail address, which already has one.',
      `If it was you, sign in at ${origin}/auth, or choose a new password at ${origin}/password-reset.`,
      '',
      'If it was not you, ignore this message: nothing has changed.',
    ].join('\n'),
  });
}
