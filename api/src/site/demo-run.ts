import type { EntityManager } from '@mikro-orm/postgresql';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { InspectionTemplate, Property, Run, User } from '@turnproof/db';
import type { Middleware } from 'koa';
import type { AppDeps } from '../app-deps.ts';
import { createAccount } from '../auth/accounts.ts';
import type { AppContext, AppState } from '../http/context.ts';
import { addressBudgetKey } from '../http/client-address.ts';
import { HttpError } from '../http/errors.ts';
import { forgetRun } from '../runs/forget-run.ts';
import { decryptLink } from '../runs/magic-link.ts';
import { createRun } from '../runs/run-service.ts';

/** The account that owns every demo run; it cannot sign in (no password, an address that takes no mail). */
export const DEMO_OWNER_EMAIL = 'demo-owner@turnproof.invalid';
const DEMO_PROPERTY = { name: 'Demo Beach House', address: '100 Ocean Drive, Miami Beach, FL 33139' };
const DEMO_TEMPLATE_SLUG = 'airbnb-turnover-cleaning-checklist';
export const DEMO_RUN_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * A property of its own for each demo run: a shared one would show each visitor the photos of the
 * last completed demo as the reference photos to match.
 */
async function demoProperty(em: EntityManager): Promise<{ ownerId: string; propertyId: string }> {
  let owner = await em.findOne(User, { email: DEMO_OWNER_EMAIL });
  if (!owner) {
    try {
      owner = await createAccount(em.fork(), {
        email: DEMO_OWNER_EMAIL,
        passwordHash: null,
        fullName: 'Turnproof Demo',
        isAdmin: false,
        confirmed: true,
        trialEnd: new Date('2100-01-01T00:00:00Z'),
      });
    } catch (error) {
      // Another process made it first.
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      owner = await em.findOneOrFail(User, { email: DEMO_OWNER_EMAIL });
    }
  }
  const property = em.create(Property, { owner: owner.id, ...DEMO_PROPERTY });
  await em.flush();
  return { ownerId: owner.id, propertyId: property.id };
}

type CleanupDeps = Pick<AppDeps, 'temporal' | 'storage' | 'logger'>;

/** Demo runs older than a day are deleted with their files, workflows and properties. */
export async function deleteExpiredDemoRuns(deps: CleanupDeps, em: EntityManager, now = Date.now()): Promise<number> {
  const cutoff = new Date(now - DEMO_RUN_LIFETIME_MS);
  const expired = await em.find(Run, { property: { owner: { email: DEMO_OWNER_EMAIL } }, created_at: { $lt: cutoff } });
  for (const run of expired) {
    await em.nativeDelete(Run, { id: run.id });
    await forgetRun(deps, run.id).catch((error: unknown) =>
      deps.logger.warn({ err: error, runId: run.id }, 'demo run cleanup'),
    );
  }
  await em.getConnection().execute(
    `delete from properties p using users u
      where u.id = p.owner_id and u.email = ? and p.created_at < ?
        and not exists (select 1 from runs r where r.property_id = p.id)`,
    [DEMO_OWNER_EMAIL, cutoff],
  );
  return expired.length;
}

/**
 * Sweeps expired demo runs every hour in this process (every API process may: deleting twice is
 * harmless), besides the sweep before each new demo run.
 */
export function sweepDemoRunsHourly(deps: CleanupDeps & { orm: AppDeps['orm'] }): () => void {
  const timer = setInterval(
    () => {
      deleteExpiredDemoRuns(deps, deps.orm.em.fork()).catch((error: unknown) =>
        deps.logger.warn({ err: error }, 'demo run sweep failed'),
      );
    },
    60 * 60 * 1000,
  );
  timer.unref();
  return () => clearInterval(timer);
}

/** A fresh throwaway run of the Airbnb turnover checklist; answers the path of its magic link. */
export async function openDemoRun(deps: AppDeps, em: EntityManager, ip: string): Promise<string> {
  await deps.rateLimits.consume(['demoRunsPerIp', addressBudgetKey(ip)], ['demoRunsPerDay', 'everyone']);
  await deleteExpiredDemoRuns(deps, em);
  const { ownerId, propertyId } = await demoProperty(em);
  const template = await em.findOneOrFail(InspectionTemplate, { slug: DEMO_TEMPLATE_SLUG });
  const run = await createRun(deps, em, ownerId, {
    property_id: propertyId,
    type: 'turnover',
    template_id: template.id,
    checklist_id: null,
    meta: {},
    due_at: null,
    assigned_to: null,
  });
  return new URL(decryptLink(deps.config.SECRET_KEY, run.link_encrypted)).pathname;
}

/** POST /demo: opens a demo run in the cleaner's runner, or the demo page with the reason it cannot. */
export function demoRunPost(deps: AppDeps, render: (ctx: AppContext, error: string) => void): Middleware<AppState> {
  return async (ctx) => {
    try {
      const path = await openDemoRun(deps, ctx.state.em, ctx.ip);
      ctx.status = 303;
      ctx.redirect(path);
    } catch (error) {
      if (!(error instanceof HttpError) || error.status >= 500) throw error;
      render(ctx, error.message);
      ctx.status = error.status;
    }
  };
}
