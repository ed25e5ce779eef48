import type { Config } from '@turnproof/config';

/** Continue with Google needs both halves of the OAuth client. */
export const googleSignInConfigured = (config: Config) =>
  Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);
