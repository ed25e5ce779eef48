import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '@turnproof/config';
import { User } from '@turnproof/db';
import * as oidc from 'openid-client';
import type { AppDeps } from '../app-deps.ts';
import { openAccount } from './auth-service.ts';

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

/**
 * The owner behind a Google identity: the account already linked to it, else the account with its
 * (Google-verified) e-mail address, now linked and confirmed, else a new account with its trial.
 */
export async function ownerForGoogle(deps: AppDeps, em: EntityManager, identity: GoogleIdentity) {
  const linked = await em.findOne(User, { google_sub: identity.sub });
  if (linked) return linked;
  const user =
    (await em.findOne(User, { email: identity.email })) ??
    (await openAccount(deps, em, {
      email: identity.email,
      passwordHash: null,
      fullName: identity.name ?? identity.email.split('@')[0] ?? identity.email,
      confirmed: true,
    }));
  user.google_sub = identity.sub;
  user.email_confirmed_at ??= new Date();
  await em.flush();
  return user;
}
