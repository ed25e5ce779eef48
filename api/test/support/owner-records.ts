import { randomUUID } from 'node:crypto';
import {
  Alert,
  Media,
  type PlanKey,
  Property,
  Report,
  Run,
  RunTask,
  type RunKind,
  type RunStatus,
} from '@turnproof/db';
import { copyDefaultChecklists } from '../../src/properties/default-checklists.ts';
import { newMagicLink } from '../../src/runs/magic-link.ts';
import { setBillingState } from './billing-state.ts';
import type { TestApi } from './test-api.ts';

/**
 * Records written straight to the test database, for tests that need history with exact times
 * (runs finished days ago, alerts last week) that no API call can produce today.
 */
export function ownerRecords(api: TestApi) {
  const em = () => api.orm.em.fork();

  return {
    /** An active plan in place of the sign-up trial, as the billing workflow leaves it. */
    grantPlan(userId: string, plan: PlanKey) {
      return setBillingState(api, userId, { plan_key: plan, plan_status: 'active', trial_ends_at: null });
    },

    /** No plan and no trial (it ended): the starter tier, without analytics or team management. */
    endTrial(userId: string) {
      return setBillingState(api, userId, { trial_ends_at: null });
    },

    /** A property as the API makes it: with its default checklists. */
    async property(ownerId: string, name: string) {
      const fork = em();
      const property = fork.create(Property, { owner: ownerId, name, address: `${name} Street 1` });
      await copyDefaultChecklists(fork, property);
      await fork.flush();
      return property.id;
    },

    async run(
      propertyId: string,
      fields: {
        status?: RunStatus;
        type?: RunKind;
        created_at?: Date;
        started_at?: Date | null;
        ended_at?: Date | null;
        due_at?: Date | null;
        tasks?: number;
      } = {},
    ) {
      const fork = em();
      const link = newMagicLink(api.config.publicOrigin, api.config.SECRET_KEY);
      const { tasks = 1, type = 'turnover', ...times } = fields;
      const run = fork.create(Run, {
        property: propertyId,
        checklist_name: 'Seeded checklist',
        type,
        token_hash: link.tokenHash,
        link_encrypted: link.linkEncrypted,
        ...times,
      });
      const runTasks = Array.from({ length: tasks }, (_, order_index) =>
        fork.create(RunTask, {
          run,
          title: `Task ${order_index + 1}`,
          order_index,
          checked: run.status === 'completed',
        }),
      );
      await fork.flush();
      return { runId: run.id, taskIds: runTasks.map((task) => task.id) };
    },

    async alert(runId: string, severity: 'low' | 'medium' | 'high', created_at = new Date()) {
      const fork = em();
      fork.create(Alert, { run: runId, kind: 'issue', severity, description: `A ${severity} issue`, created_at });
      await fork.flush();
    },

    /** A confirmed photo whose bytes are in the media storage. */
    async photo(runId: string, runTaskId: string, bytes = Buffer.from(`photo ${randomUUID()}`)) {
      const path = `runs/${runId}/${runTaskId}/${randomUUID()}-photo.webp`;
      await api.storage.write(path, bytes);
      const fork = em();
      fork.create(Media, {
        run: runId,
        run_task: runTaskId,
        path,
        type: 'photo',
        status: 'confirmed',
        content_type: 'image/webp',
        size: bytes.length,
      });
      await fork.flush();
      return path;
    },

    /** A ready report version whose PDF is in the media storage. */
    async report(runId: string, pdf: Buffer, version = 1) {
      const path = `reports/${runId}/v${version}.pdf`;
      await api.storage.write(path, pdf);
      const fork = em();
      fork.create(Report, {
        run: runId,
        version,
        status: 'ready',
        file_path: path,
        file_name: 'report.pdf',
        pdf_size: pdf.length,
      });
      await fork.flush();
      return path;
    },
  };
}
