import Router from '@koa/router';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import { requireUser } from '../auth/sessions.ts';
import type { AppContext, AppState } from '../http/context.ts';
import { parseId } from '../http/simple-rest.ts';
import { parseInput } from '../http/validation.ts';
import { cleanerSchedule, fileBody } from '../openapi/records.ts';
import { addRoute } from '../openapi/registry.ts';
import { findOwnedMember, teamMessages } from '../team/team-service.ts';
import {
  revokeScheduleLink,
  rotateScheduleLink,
  scheduleIcs,
  scheduleLinkOf,
  scheduleMessages,
  scheduleOf,
} from './schedule-service.ts';

const idParams = z.object({ id: z.string() });
const tokenQuery = z.object({ token: z.string().max(200).optional() });
const linkAnswer = z.object({ link: z.string().nullable() });

/** The host's side: a team member's personal schedule link (create or rotate, read, revoke). */
export function scheduleLinkRouter(deps: AppDeps) {
  const router = new Router<AppState>({ prefix: '/team/:id/schedule-link' });
  const tags = ['Team'];
  const errors = { 401: 'Authentication required', 404: teamMessages.notFound };
  const member = (ctx: AppContext & { params: { id?: string } }) =>
    findOwnedMember(ctx.state.em, requireUser(ctx).id, parseId(ctx.params.id ?? '', teamMessages.notFound));

  addRoute(
    router,
    {
      method: 'get',
      path: '/',
      summary: "A member's schedule link (null when none or revoked)",
      tags,
      params: idParams,
      signedIn: true,
      ok: { description: 'The link', schema: linkAnswer },
      errors,
    },
    async (ctx) => {
      ctx.body = { link: scheduleLinkOf(deps.config, await member(ctx)) };
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/',
      summary: 'A new schedule link /c/{token} for the member (the old one stops working)',
      tags,
      params: idParams,
      signedIn: true,
      ok: { description: 'The new link', schema: linkAnswer },
      errors,
    },
    async (ctx) => {
      ctx.body = { link: await rotateScheduleLink(deps.config, ctx.state.em, await member(ctx)) };
    },
  );

  addRoute(
    router,
    {
      method: 'delete',
      path: '/',
      summary:
        'Revoke the member’s schedule link (it answers 410 from now on); their open runs get new links, e-mailed to them',
      tags,
      params: idParams,
      signedIn: true,
      ok: { description: 'Revoked', schema: linkAnswer },
      errors,
    },
    async (ctx) => {
      await revokeScheduleLink(deps, ctx.state.em, await member(ctx));
      ctx.body = { link: null };
    },
  );

  return router;
}

/** The cleaner's side: the runs of a schedule link, as JSON for the runner and as an iCalendar feed. */
export function publicScheduleRouter(deps: AppDeps) {
  const router = new Router<AppState>({ prefix: '/public' });
  const tags = ['Cleaner schedule'];
  const errors = { 404: scheduleMessages.invalid, 410: scheduleMessages.revoked };

  addRoute(
    router,
    {
      method: 'get',
      path: '/schedule',
      summary: "A team member's open runs (today and the coming days) with their links",
      tags,
      query: tokenQuery,
      ok: { description: 'The schedule', schema: cleanerSchedule },
      errors,
    },
    async (ctx) => {
      ctx.body = await scheduleOf(deps.config, ctx.state.em, parseInput(tokenQuery, ctx.query).token);
    },
  );

  addRoute(
    router,
    {
      method: 'get',
      path: '/schedule.ics',
      summary: 'The same runs as an iCalendar feed to subscribe to',
      tags,
      query: tokenQuery,
      ok: { description: 'The iCalendar feed', schema: fileBody, contentType: 'text/calendar' },
      errors,
    },
    async (ctx) => {
      const body = await scheduleIcs(deps.config, ctx.state.em, parseInput(tokenQuery, ctx.query).token);
      ctx.type = 'text/calendar; charset=utf-8';
      ctx.body = body;
    },
  );

  return router;
}
