export function PasswordResetPage() {
  return <h1>Reset Password</h1>;
}
