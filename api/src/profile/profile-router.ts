import Router from '@koa/router';
import { z } from 'zod';
import { requireUser } from '../auth/sessions.ts';
import type { AppState } from '../http/context.ts';
import { parseInput } from '../http/validation.ts';
import { documentRoute } from '../openapi/registry.ts';
import { updatePreferencesBody, updateProfileBody } from './profile-input.ts';
import { readPreferences, readProfile, updatePreferences, updateProfile } from './profile-service.ts';

const errors = { 401: 'Authentication required' };

/** The signed-in owner's Professional Profile and their notification, privacy and region preferences. */
export function profileRouter() {
  const router = new Router<AppState>();

  documentRoute({
    method: 'get',
    path: '/api/profile',
    summary: 'The signed-in owner’s profile with Quick Stats',
    tags: ['Profile'],
    signedIn: true,
    ok: { description: 'Profile' },
    errors,
  });
  router.get('/profile', async (ctx) => {
    const user = requireUser(ctx);
    ctx.body = await readProfile(ctx.state.em, user.id);
  });

  documentRoute({
    method: 'put',
    path: '/api/profile',
    summary: 'Update profile fields (only those sent); role is read-only',
    tags: ['Profile'],
    body: updateProfileBody,
    signedIn: true,
    ok: { description: 'Profile' },
    errors,
  });
  router.put('/profile', async (ctx) => {
    const user = requireUser(ctx);
    const input = parseInput(updateProfileBody, ctx.request.body);
    ctx.body = await updateProfile(ctx.state.em, user.id, input);
  });

  documentRoute({
    method: 'get',
    path: '/api/preferences',
    summary: 'Notification, privacy, theme and timezone preferences',
    tags: ['Profile'],
    signedIn: true,
    ok: { description: 'Preferences', schema: z.record(z.string(), z.unknown()) },
    errors,
  });
  router.get('/preferences', async (ctx) => {
    const user = requireUser(ctx);
    ctx.body = await readPreferences(ctx.state.em, user.id);
  });

  documentRoute({
    method: 'put',
    path: '/api/preferences',
    summary: 'Update preferences (only those sent)',
    tags: ['Profile'],
    body: updatePreferencesBody,
    signedIn: true,
    ok: { description: 'Preferences', schema: z.record(z.string(), z.unknown()) },
    errors,
  });
  router.put('/preferences', async (ctx) => {
    const user = requireUser(ctx);
    const input = parseInput(updatePreferencesBody, ctx.request.body);
    ctx.body = await updatePreferences(ctx.state.em, user.id, input);
  });

  return router;
}
