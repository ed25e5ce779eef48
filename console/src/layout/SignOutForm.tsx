import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A Sign Out button's form: POST /sign-out (api/src/site/site-router.ts) ends every session of the account
 * and lands on /auth, so the button works on a server-rendered page before the console's JavaScript has run,
 * or without it. Once the console runs, `onSignOut` signs out through the API instead (authProvider.logout:
 * a failed sign-out still clears the browser's data and says so). The button inside is `type="submit"`.
 */
export function SignOutForm({ onSignOut, children }: { onSignOut: () => void; children: ReactNode }) {
  return (
    <Box
      component="form"
      method="post"
      action="/sign-out"
      onSubmit={(event) => {
        event.preventDefault();
        onSignOut();
      }}
      sx={{ display: 'contents' }}
    >
      {children}
    </Box>
  );
}
