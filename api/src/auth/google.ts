import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '@turnproof/config';
import { AuthToken, Profile, User } from '@turnproof/db';
import * as oidc from 'openid-client';
import type { AppDeps } from '../app-deps.ts';
import { signToken, verifyToken } from '../media/signed-tokens.ts';
import { openAccount } from './auth-service.ts';
import { endAllSessions } from './sessions.ts';

/** Continue with Google needs both halves of the OAuth client. */
export const googleSignInConfigured = (config: Config) =>
  Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);

/** What the browser keeps (in an HttpOnly cookie) between leaving for Google and coming back. */
export interface GoogleFlow {
  codeVerifier: string;
  state: string;
  nonce: string;
}

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string | null;
}

/**
 * OpenID Connect authorization code flow with PKCE against Google (openid-client): the issuer's
 * metadata is discovered once per process; state and nonce tie the answer to the browser that asked.
 */
export class GoogleSignIn {
  #configuration: Promise<oidc.Configuration> | undefined;

  constructor(private readonly config: Config) {}

  get redirectUri(): string {
    return `${this.config.publicOrigin}/api/auth/google/callback`;
  }

  #discover(): Promise<oidc.Configuration> {
    this.#configuration ??= oidc
      .discovery(
        new URL(this.config.GOOGLE_ISSUER),
        this.config.GOOGLE_CLIENT_ID ?? '',
        this.config.GOOGLE_CLIENT_SECRET,
        undefined,
        // A local test issuer speaks plain HTTP; Google never does.
        this.config.GOOGLE_ISSUER.startsWith('http://') ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        this.#configuration = undefined;
        throw error;
      });
    return this.#configuration;
  }

  /** The URL to send the browser to, and the flow secrets to keep until it comes back. */
  async start(): Promise<{ url: URL; flow: GoogleFlow }> {
    const configuration = await this.#discover();
    const flow = { codeVerifier: oidc.randomPKCECodeVerifier(), state: oidc.randomState(), nonce: oidc.randomNonce() };
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
    });
    return { url, flow };
  }

  /** Redeems the code of the callback URL; answers the verified identity in the ID token. */
  async finish(callbackUrl: URL, flow: GoogleFlow): Promise<GoogleIdentity> {
    const configuration = await this.#discover();
    const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw new Error('Google answered no ID token');
    // Google puts the e-mail in the ID token; an issuer that keeps it for UserInfo is asked there.
    const claims =
      typeof idClaims.email === 'string'
        ? idClaims
        : { ...(await oidc.fetchUserInfo(configuration, tokens.access_token, idClaims.sub)), sub: idClaims.sub };
    if (typeof claims.email !== 'string' || claims.email_verified !== true) {
      throw new Error('Google did not answer a verified e-mail address');
    }
    return {
      sub: claims.sub,
      email: claims.email.trim().toLowerCase(),
      name: typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : null,
    };
  }
}

/** What Continue with Google leads to: a signed-in owner, or a link that waits for the password. */
export type GoogleOutcome = { signIn: User } | { linkAfterPasswordSignIn: string };

const PENDING_LINK_LIFETIME_MS = 10 * 60 * 1000;

/**
 * The owner behind a Google identity: the account already linked to it; else the account with its
 * (Google-verified) e-mail address; else a new account with its trial. An existing account whose
 * address was never confirmed may have been made by anyone, so Google's proof of the mailbox takes it
 * over and strips whatever the sign-up left behind. A confirmed account is linked only once its owner
 * signs in with the password: the answer then carries a signed ticket for that sign-in.
 */
export async function ownerForGoogle(
  deps: AppDeps,
  em: EntityManager,
  identity: GoogleIdentity,
): Promise<GoogleOutcome> {
  const linked = await em.findOne(User, { google_sub: identity.sub });
  if (linked) return { signIn: linked };
  const existing = await em.findOne(User, { email: identity.email });
  if (existing?.email_confirmed_at) {
    const ticket = signToken(
      deps.config.SECRET_KEY,
      'google-link',
      { user: existing.id, sub: identity.sub },
      PENDING_LINK_LIFETIME_MS,
    );
    return { linkAfterPasswordSignIn: ticket };
  }
  const fullName = identity.name ?? identity.email.split('@')[0] ?? identity.email;
  const user = existing
    ? await takeOverUnconfirmed(em, existing, fullName)
    : await openAccount(deps, em, { email: identity.email, passwordHash: null, fullName, confirmed: true });
  user.google_sub = identity.sub;
  user.email_confirmed_at ??= new Date();
  await em.flush();
  return { signIn: user };
}

/** Whoever signed up with the address before its owner proved it loses the password, tokens and sessions. */
async function takeOverUnconfirmed(em: EntityManager, user: User, fullName: string): Promise<User> {
  user.password_hash = null;
  await em.nativeDelete(AuthToken, { user: user.id });
  await endAllSessions(em, user.id);
  await em.nativeUpdate(Profile, { user: user.id }, { display_name: fullName });
  return user;
}

/**
 * Links the Google identity of a pending ticket to the account that just signed in with its password,
 * when the ticket was made for that account. Answers whether it linked.
 */
export async function linkPendingGoogle(deps: AppDeps, em: EntityManager, user: User, ticket: string | undefined) {
  if (!ticket) return false;
  const verified = verifyToken<{ user: string; sub: string }>(deps.config.SECRET_KEY, 'google-link', ticket);
  if (!verified.ok || verified.payload.user !== user.id) return false;
  if (await em.count(User, { google_sub: verified.payload.sub })) return false;
  user.google_sub = verified.payload.sub;
  await em.flush();
  return true;
}
