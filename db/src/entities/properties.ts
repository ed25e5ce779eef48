import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { User } from './accounts.ts';
import { CHECKLIST_TYPES, createdAt, updatedAt, uuidPrimaryKey } from './common.ts';

/** The system property that holds an owner's own template checklists. */
export const TEMPLATE_COLLECTION_NAME = 'Template Collection';

export const Property = defineEntity({
  name: 'Property',
  tableName: 'properties',
  properties: {
    id: uuidPrimaryKey(),
    owner: () => p.manyToOne(User).deleteRule('cascade').index(),
    name: p.string(),
    address: p.text(),
    access_code: p.string().nullable(),
    notes: p.text().nullable(),
    is_system_property: p.boolean().default(false),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
});

export const Checklist = defineEntity({
  name: 'Checklist',
  tableName: 'checklists',
  properties: {
    id: uuidPrimaryKey(),
    property: () => p.manyToOne(Property).deleteRule('cascade').index(),
    name: p.string(),
    type: p.enum(CHECKLIST_TYPES),
    is_template: p.boolean().default(false),
    tasks: () => p.oneToMany(Task).mappedBy('checklist').orderBy({ order_index: 'asc', created_at: 'asc' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
});

export const Task = defineEntity({
  name: 'Task',
  tableName: 'tasks',
  checks: [{ name: 'tasks_required_media_range', expression: 'required_media between 0 and 5' }],
  properties: {
    id: uuidPrimaryKey(),
    checklist: () => p.manyToOne(Checklist).deleteRule('cascade').index(),
    title: p.string(),
    description: p.text().nullable(),
    required_media: p.integer().default(0),
    order_index: p.integer().default(0),
    created_at: createdAt(),
  },
});

export const TEAM_ROLES = ['Cleaner', 'Co-host'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** A cleaner or co-host an owner invited by e-mail; runs can be assigned to them once invited. */
export const TeamMember = defineEntity({
  name: 'TeamMember',
  tableName: 'team_members',
  uniques: [{ properties: ['owner', 'email'] }],
  properties: {
    id: uuidPrimaryKey(),
    owner: () => p.manyToOne(User).deleteRule('cascade').index(),
    property: () => p.manyToOne(Property).deleteRule('cascade').nullable(),
    name: p.string(),
    email: p.string().nullable(),
    role: p.string().default('Cleaner'),
    /** SHA-256 of the invitation link's token; cleared once accepted. */
    invite_token_hash: p.string().nullable().unique(),
    invited_at: p.datetime().nullable(),
    accepted_at: p.datetime().nullable(),
    /** The Turnproof account with the member's e-mail, linked when the invitation is accepted. */
    account: () => p.manyToOne(User).deleteRule('set null').nullable(),
    created_at: createdAt(),
  },
});

export type Property = InferEntity<typeof Property>;
export type Checklist = InferEntity<typeof Checklist>;
export type Task = InferEntity<typeof Task>;
export type TeamMember = InferEntity<typeof TeamMember>;
