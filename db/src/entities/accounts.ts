import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { createdAt, updatedAt, uuidPrimaryKey } from './common.ts';

export const User = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: uuidPrimaryKey(),
    email: p.string().unique(),
    /** argon2id; null for accounts that only sign in with Google. */
    password_hash: p.text().nullable(),
    email_confirmed_at: p.datetime().nullable(),
    google_sub: p.string().nullable().unique(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
});

export const Session = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    id: uuidPrimaryKey(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    /** SHA-256 of the cookie value: a leaked table cannot be replayed as cookies. */
    token_hash: p.string().unique(),
    expires_at: p.datetime(),
    /** The last request the session made (to the hour): a session idle too long has ended. */
    last_seen_at: p.datetime().onCreate(() => new Date()),
    created_at: createdAt(),
  },
});

export const AUTH_TOKEN_PURPOSES = ['confirm_email', 'password_reset'] as const;
export type AuthTokenPurpose = (typeof AUTH_TOKEN_PURPOSES)[number];

/** Single-use e-mail confirmation and password-reset tokens, stored hashed. */
export const AuthToken = defineEntity({
  name: 'AuthToken',
  tableName: 'auth_tokens',
  properties: {
    id: uuidPrimaryKey(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    purpose: p.enum(AUTH_TOKEN_PURPOSES),
    token_hash: p.string().unique(),
    expires_at: p.datetime(),
    used_at: p.datetime().nullable(),
    created_at: createdAt(),
  },
});

export type User = InferEntity<typeof User>;
export type Session = InferEntity<typeof Session>;
export type AuthToken = InferEntity<typeof AuthToken>;
