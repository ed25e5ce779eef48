import { z } from 'zod';
import { nameText } from '../http/validation.ts';
import { checklistMessages } from '../checklists/checklist-input.ts';

export const MAX_REQUIRED_MEDIA = 5;

export const taskMessages = {
  notFound: 'Task not found. It does not exist or you do not have access to it.',
  titleRequired: 'Task title is required.',
  requiredMediaRange: `Required photos must be a whole number from 0 to ${MAX_REQUIRED_MEDIA}.`,
};

const title = nameText({ error: taskMessages.titleRequired })
  .min(1, taskMessages.titleRequired)
  .max(300, 'Task title must be at most 300 characters.');

/** Saved as null when empty (the spec's rule for a task description). */
const description = z
  .string({ error: 'Description must be text.' })
  .max(5000, 'Description must be at most 5000 characters.')
  .nullish()
  .transform((value) => (value?.trim() ? value.trim() : null));

/** The room or part of the checklist; saved as null when empty. */
const section = z
  .string({ error: 'Section must be text.' })
  .max(100, 'Section must be at most 100 characters.')
  .nullish()
  .transform((value) => (value?.trim() ? value.trim() : null));

const requiredMedia = z
  .number({ error: taskMessages.requiredMediaRange })
  .int(taskMessages.requiredMediaRange)
  .min(0, taskMessages.requiredMediaRange)
  .max(MAX_REQUIRED_MEDIA, taskMessages.requiredMediaRange);

/** Photos from the camera only: the runner offers no gallery for the task. */
const cameraOnly = z.boolean({ error: 'camera_only must be true or false.' });

export const createTaskBody = z.object({
  checklist_id: z.uuid({ error: checklistMessages.notFound }),
  title,
  description,
  section,
  required_media: requiredMedia.default(0),
  camera_only: cameraOnly.default(false),
});

/**
 * react-admin sends the whole record on update; the checklist does not change here, and the position
 * only as far as a new section puts the task at that section's end.
 */
export const updateTaskBody = z.object({
  title: title.optional(),
  description: description.optional(),
  section: section.optional(),
  required_media: requiredMedia.optional(),
  camera_only: cameraOnly.optional(),
});

export type CreateTaskInput = z.output<typeof createTaskBody>;
export type UpdateTaskInput = z.output<typeof updateTaskBody>;
