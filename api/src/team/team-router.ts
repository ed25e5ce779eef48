import Router from '@koa/router';
import { LANGUAGE_CODES } from '@turnproof/config/languages';
import { NOTIFY_CHANNELS, TeamMember } from '@turnproof/db';
import { textUsage } from '@turnproof/platform/text-guards';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import { requireUser } from '../auth/sessions.ts';
import type { AppContext, AppState } from '../http/context.ts';
import { listQuerySchema, orderOf, pageOf, parseId, sendList } from '../http/simple-rest.ts';
import { badRequest, HttpError } from '../http/errors.ts';
import { parseInput } from '../http/validation.ts';
import { createMemberBody, updateMemberBody } from './member-input.ts';
import { addRoute } from '../openapi/registry.ts';
import { okMessage } from '../openapi/records.ts';
import { readFormBody } from '../site/form-body.ts';
import { sendCompressedHtml } from '../http/send-html.ts';
import {
  invitationPage,
  invitationProblemPage,
  PAGE_LANGUAGES,
  type PageLanguage,
  welcomePage,
} from './invitation-page.ts';
import {
  acceptInvitation,
  findOwnedMember,
  inviteMember,
  removeMember,
  resendInvitation,
  scheduleLinkOnJoining,
  teamMessages,
  textScheduleLink,
  toTeamMemberRecord,
  updateMember,
  welcomeOf,
  welcomePath,
} from './team-service.ts';

/** The invitation pages speak the browser's language (en, es or fr). */
const pageLanguage = (ctx: AppContext): PageLanguage =>
  (ctx.acceptsLanguages([...PAGE_LANGUAGES]) as PageLanguage | false) || 'en';

const listQuery = listQuerySchema(['name', 'email', 'phone', 'role', 'created_at'] as const, {});
const channelsRecord = z.object({
  email: z.boolean(),
  sms: z.boolean(),
  whatsapp: z.boolean(),
  texts_this_month: z
    .object({
      used: z.number().int(),
      allowance: z.number().int().nullable().describe('null: no limit'),
      renews_at: z.string().describe('The first of next month (UTC), when the count starts again'),
    })
    .describe("The owner's texts this calendar month against the plan's monthly allowance"),
});
const idParams = z.object({ id: z.string() });
const acceptQuery = z.object({ token: z.string().max(200).optional().default('') });
const acceptBody = z.object({
  token: z
    .string({ error: teamMessages.invitationInvalid })
    .min(1, teamMessages.invitationInvalid)
    .max(200, teamMessages.invitationInvalid),
});
const memberRecord = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  /** E.164, as stored. */
  phone: z.string().nullable(),
  notify_by: z.enum(NOTIFY_CHANNELS),
  /** Null: not chosen; messages follow the runner's language, else the host's. */
  language: z.enum(LANGUAGE_CODES).nullable(),
  role: z.string(),
  status: z.enum(['invited', 'active']),
  invited_at: z.string().nullable(),
  accepted_at: z.string().nullable(),
  /** When the number answered STOP: no texts until it answers START. */
  sms_opted_out_at: z.string().nullable(),
  created_at: z.string(),
});

export function teamRouter(deps: AppDeps) {
  const router = new Router<AppState>({ prefix: '/team' });
  const tags = ['Team'];
  const errors = { 401: 'Authentication required', 404: teamMessages.notFound };

  addRoute(
    router,
    {
      method: 'get',
      path: '/',
      summary: 'List own team members (react-admin simple REST)',
      tags,
      query: listQuery,
      list: true,
      signedIn: true,
      ok: { description: 'Team members; total in Content-Range', schema: z.array(memberRecord) },
      errors,
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const query = parseInput(listQuery, ctx.query);
      const { offset, limit } = pageOf(query.range);
      const ids = query.filter?.id;
      const [members, total] = await ctx.state.em.findAndCount(
        TeamMember,
        { owner: user.id, ...(ids !== undefined ? { id: { $in: [ids].flat() } } : {}) },
        { orderBy: orderOf(query.sort, { created_at: 'desc' }), offset, limit },
      );
      sendList(ctx, 'team', offset, members.map(toTeamMemberRecord), total);
    },
  );

  addRoute(
    router,
    {
      method: 'get',
      path: '/channels',
      summary: 'Which notice channels (e-mail, SMS, WhatsApp) this server can use for team members',
      tags,
      signedIn: true,
      ok: { description: 'The channels that work', schema: channelsRecord },
      errors: { 401: 'Authentication required' },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      // Texts need Twilio's settings (TWILIO_*); without them SMS and WhatsApp members get e-mail.
      const texts = deps.texts?.channels ?? [];
      const usage = await textUsage(ctx.state.em, user.id, new Date());
      ctx.body = {
        email: true,
        sms: texts.includes('sms'),
        whatsapp: texts.includes('whatsapp'),
        texts_this_month: { used: usage.used, allowance: usage.allowance, renews_at: usage.renewsAt.toISOString() },
      };
    },
  );

  addRoute(
    router,
    {
      method: 'get',
      path: '/:id',
      summary: 'One own team member',
      tags,
      params: idParams,
      signedIn: true,
      ok: { description: 'The team member', schema: memberRecord },
      errors,
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const id = parseId(ctx.params.id ?? '', teamMessages.notFound);
      ctx.body = toTeamMemberRecord(await findOwnedMember(ctx.state.em, user.id, id));
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/',
      summary:
        'Add a cleaner or co-host with an e-mail and/or a mobile number (professional plans); an e-mail address gets the invitation link',
      tags,
      body: createMemberBody,
      signedIn: true,
      ok: { status: 201, description: 'Invitation sent', schema: memberRecord },
      errors: {
        ...errors,
        403: teamMessages.upgrade,
        409: teamMessages.alreadyOnTeam,
        429: 'Too many invitation e-mails',
      },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const input = parseInput(createMemberBody, ctx.request.body);
      if (input.email) await deps.rateLimits.consume(['invitationMailsPerOwner', user.id]);
      ctx.status = 201;
      ctx.body = toTeamMemberRecord(await inviteMember(deps, ctx.state.em, user, input));
    },
  );

  addRoute(
    router,
    {
      method: 'put',
      path: '/:id',
      summary: "Change a member's name, role, e-mail, mobile number, channel or language",
      tags,
      params: idParams,
      body: updateMemberBody,
      signedIn: true,
      ok: { description: 'The member as saved', schema: memberRecord },
      errors: { ...errors, 409: teamMessages.alreadyOnTeam },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const id = parseId(ctx.params.id ?? '', teamMessages.notFound);
      const input = parseInput(updateMemberBody, ctx.request.body);
      ctx.body = toTeamMemberRecord(await updateMember(ctx.state.em, user.id, id, input));
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/:id/invitation',
      summary: 'Send the invitation again with a new link (the previous link stops working)',
      tags,
      params: idParams,
      signedIn: true,
      ok: { description: 'Invitation sent', schema: memberRecord },
      errors: { ...errors, 409: teamMessages.alreadyAccepted, 429: 'Too many invitation e-mails' },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const id = parseId(ctx.params.id ?? '', teamMessages.notFound);
      await deps.rateLimits.consume(['invitationMailsPerOwner', user.id]);
      ctx.body = toTeamMemberRecord(await resendInvitation(deps, ctx.state.em, user.id, id));
    },
  );

  addRoute(
    router,
    {
      method: 'delete',
      path: '/:id',
      summary: 'Remove a team member (their runs become unassigned, and the links they had stop working)',
      tags,
      params: idParams,
      signedIn: true,
      ok: { description: 'The removed member', schema: memberRecord },
      errors,
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const id = parseId(ctx.params.id ?? '', teamMessages.notFound);
      ctx.body = await removeMember(deps.config, ctx.state.em, user.id, id);
    },
  );

  addRoute(
    router,
    {
      method: 'get',
      path: '/invitations/accept',
      summary: "The invitation link's page: a button that accepts (opening the link changes nothing)",
      tags,
      query: acceptQuery,
      ok: { description: 'text/html', schema: z.string(), contentType: 'text/html' },
    },
    async (ctx) => {
      const { token } = parseInput(acceptQuery, ctx.query);
      if (!token) throw badRequest(teamMessages.invitationInvalid);
      // The link's token stays on this site; 'no-referrer' would make the browser send `Origin: null` with
      // the Accept button's POST, which the same-origin check refuses.
      ctx.set('Referrer-Policy', 'same-origin');
      await sendCompressedHtml(ctx, invitationPage(token, pageLanguage(ctx)));
    },
  );

  addRoute(
    router,
    {
      method: 'get',
      path: '/invitations/welcome',
      summary: "The page for cleaners after accepting: what Turnproof is and the member's schedule link",
      tags,
      query: acceptQuery,
      ok: { description: 'text/html', schema: z.string(), contentType: 'text/html' },
      errors: { 404: 'This schedule link is invalid', 410: 'This schedule link was revoked or has expired' },
    },
    async (ctx) => {
      const { token } = parseInput(acceptQuery, ctx.query);
      ctx.set('Referrer-Policy', 'no-referrer');
      const language = pageLanguage(ctx);
      try {
        await sendCompressedHtml(ctx, welcomePage(await welcomeOf(deps.config, ctx.state.em, token), language));
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        ctx.status = error.status;
        await sendCompressedHtml(ctx, invitationProblemPage(error.message, language));
      }
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/invitations/accept',
      summary: 'Accept a team invitation (no sign-in needed); the link is spent',
      tags,
      body: acceptBody,
      ok: {
        description:
          "Joined, with the member's schedule link (JSON), or a redirect to the welcome page for the link page's form",
        schema: okMessage.extend({ schedule_link: z.string() }),
      },
      errors: { 400: teamMessages.invitationInvalid, 410: teamMessages.invitationExpired },
    },
    async (ctx) => {
      // JSON from a client, or the link page's plain form.
      const fields = ctx.is('application/x-www-form-urlencoded') ? await readFormBody(ctx) : ctx.request.body;
      const { token } = parseInput(acceptBody, fields ?? {});
      const wantsPage = ctx.accepts('html', 'json') === 'html';
      const accepted = await acceptInvitation(ctx.state.em, token).catch(async (error: unknown) => {
        // The link page's button pressed twice or too late: a page saying so, not raw JSON.
        if (!wantsPage || !(error instanceof HttpError)) throw error;
        ctx.status = error.status;
        await sendCompressedHtml(ctx, invitationProblemPage(error.message, pageLanguage(ctx)));
        return null;
      });
      if (!accepted) return;
      const scheduleLink = await scheduleLinkOnJoining(deps.config, ctx.state.em, accepted.member);
      await textScheduleLink(deps, ctx.state.em, accepted.member, scheduleLink);
      if (wantsPage) {
        // Post/redirect/get: the welcome page (for cleaners, never the hosts' sign-in) survives a reload.
        ctx.status = 303;
        return ctx.redirect(welcomePath(scheduleLink));
      }
      ctx.body = {
        ok: true,
        message: `You joined ${accepted.ownerName}'s team on Turnproof.`,
        member: toTeamMemberRecord(accepted.member),
        schedule_link: scheduleLink,
      };
    },
  );

  return router;
}
