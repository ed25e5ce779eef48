import Router from '@koa/router';
import { z } from 'zod';
import { requireUser } from '../auth/sessions.ts';
import type { AppState } from '../http/context.ts';
import { addRoute } from '../openapi/registry.ts';

const liveStamps = z.object({
  properties: z.string().describe('Changes whenever one of the owner’s properties is added, changed or deleted'),
  profile: z.string().describe('Changes whenever the owner’s profile is saved'),
});

/**
 * The spec's live change feeds of properties and profiles, as a poll: a small answer whose stamps change
 * with the owner's data, so other open tabs refetch only what changed. Read from PostgreSQL, it holds
 * across any number of API processes.
 */
export function liveRouter() {
  const router = new Router<AppState>({ prefix: '/live' });

  addRoute(
    router,
    {
      method: 'get',
      path: '/',
      summary: 'Change stamps of the owner’s properties and profile (polled by open console tabs)',
      tags: ['Profile'],
      signedIn: true,
      ok: { description: 'Change stamps', schema: liveStamps },
      errors: { 401: 'Authentication required' },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const [row] = await ctx.state.em.getConnection().execute<{ properties: string; profile: string | null }[]>(
        `select
           (select count(*) || '/' || coalesce(max(updated_at)::text, '') from properties
            where owner_id = ? and not is_system_property) as properties,
           (select updated_at::text from profiles where user_id = ?) as profile`,
        [user.id, user.id],
      );
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { properties: row?.properties ?? '', profile: row?.profile ?? '' };
    },
  );

  return router;
}
