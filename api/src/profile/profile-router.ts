import Router from '@koa/router';
import { z } from 'zod';
import { requireUser } from '../auth/sessions.ts';
import type { AppState } from '../http/context.ts';
import { parseInput } from '../http/validation.ts';
import { addRoute } from '../openapi/registry.ts';
import { activityView, profileView } from '../openapi/records.ts';
import { updatePreferencesBody, updateProfileBody } from './profile-input.ts';
import { readPreferences, readProfile, recentActivity, updatePreferences, updateProfile } from './profile-service.ts';

const errors = { 401: 'Authentication required' };

/** The signed-in owner's Professional Profile and their notification, privacy and region preferences. */
export function profileRouter() {
  const router = new Router<AppState>();

  addRoute(
    router,
    {
      method: 'get',
      path: '/profile',
      summary: 'The signed-in owner’s profile with Quick Stats',
      tags: ['Profile'],
      signedIn: true,
      ok: { description: 'Profile', schema: profileView },
      errors,
    },
    async (ctx) => {
      const user = requireUser(ctx);
      ctx.body = await readProfile(ctx.state.em, user.id);
    },
  );

  addRoute(
    router,
    {
      method: 'get',
      path: '/profile/activity',
      summary: 'The signed-in owner’s 10 newest activities (runs created and completed, properties, reports)',
      tags: ['Profile'],
      signedIn: true,
      ok: { description: 'Activities, newest first', schema: z.array(activityView) },
      errors,
    },
    async (ctx) => {
      const user = requireUser(ctx);
      ctx.body = await recentActivity(ctx.state.em, user.id);
    },
  );

  addRoute(
    router,
    {
      method: 'put',
      path: '/profile',
      summary: 'Update profile fields (only those sent); role is read-only',
      tags: ['Profile'],
      body: updateProfileBody,
      signedIn: true,
      ok: { description: 'Profile', schema: profileView },
      errors,
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const input = parseInput(updateProfileBody, ctx.request.body);
      ctx.body = await updateProfile(ctx.state.em, user.id, input);
    },
  );

  addRoute(
    router,
    {
      method: 'get',
      path: '/preferences',
      summary: 'Notification, privacy, theme and timezone preferences',
      tags: ['Profile'],
      signedIn: true,
      ok: { description: 'Preferences', schema: z.record(z.string(), z.unknown()) },
      errors,
    },
    async (ctx) => {
      const user = requireUser(ctx);
      ctx.body = await readPreferences(ctx.state.em, user.id);
    },
  );

  addRoute(
    router,
    {
      method: 'put',
      path: '/preferences',
      summary: 'Update preferences (only those sent)',
      tags: ['Profile'],
      body: updatePreferencesBody,
      signedIn: true,
      ok: { description: 'Preferences', schema: z.record(z.string(), z.unknown()) },
      errors,
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const input = parseInput(updatePreferencesBody, ctx.request.body);
      ctx.body = await updatePreferences(ctx.state.em, user.id, input);
    },
  );

  return router;
}
