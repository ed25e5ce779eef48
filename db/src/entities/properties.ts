import { defineEntity, type EntitySchema, type InferEntity, p } from '@mikro-orm/core';
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
    /** IANA time zone: every time shown to a person about this property is in it. */
    timezone: p.string().default('UTC'),
    /** 'HH:MM' local times of the property's bookings (a calendar run is due at the next check-in). */
    check_in_time: p.string().default('15:00'),
    checkout_time: p.string().default('11:00'),
    /** Who gets the property's calendar runs, and who takes a run over when it has not started in time. */
    default_assignee: () => p.manyToOne(TeamMember).deleteRule('set null').nullable(),
    backup_assignee: () => p.manyToOne(TeamMember).deleteRule('set null').nullable(),
    /** Booking calendar (iCalendar) feed URLs polled by `calendar/{propertyId}`. */
    calendar_urls: p.json<string[]>().onCreate(() => []),
    /** Where the property is: a located cleaner action within the radius is their arrival, beyond it is flagged. */
    latitude: p.double().nullable(),
    longitude: p.double().nullable(),
    arrival_radius_meters: p.integer().default(150),
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
    /** The task's photos must come from the camera, not the phone's gallery. */
    camera_only: p.boolean().default(false),
    /** The room or part of the checklist the task is in (a template's section); null outside any. */
    section: p.string().nullable(),
    order_index: p.integer().default(0),
    created_at: createdAt(),
  },
});

export const TEAM_ROLES = ['Cleaner', 'Co-host'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** How a team member wants to hear of their runs; texts need a phone, e-mail an address. */
export const NOTIFY_CHANNELS = ['email', 'sms', 'whatsapp'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

/**
 * A cleaner or co-host an owner added with an e-mail and/or a mobile number; runs can be assigned to them once
 * they accepted the invitation.
 */
const TeamMemberSchema = defineEntity({
  name: 'TeamMember',
  tableName: 'team_members',
  uniques: [{ properties: ['owner', 'email'] }, { properties: ['owner', 'phone'] }],
  properties: {
    id: uuidPrimaryKey(),
    owner: () => p.manyToOne(User).deleteRule('cascade').index(),
    property: () => p.manyToOne(Property).deleteRule('cascade').nullable(),
    name: p.string(),
    email: p.string().nullable(),
    /** Mobile number in E.164 ('+12125550100'). */
    phone: p.text().nullable(),
    notify_by: p.text().$type<NotifyChannel>().default('email'),
    /**
     * The language of every message to the member (en, es or fr), as the host chose it; null: the one their
     * runner shows, else the host's (see cleanerLanguage).
     */
    language: p.text().nullable(),
    /** The number answered STOP: no texts until it answers START (carriers require it). */
    sms_opted_out_at: p.datetime().nullable(),
    role: p.string().default('Cleaner'),
    /** SHA-256 of the invitation link's token; cleared once accepted. */
    invite_token_hash: p.string().nullable().unique(),
    invited_at: p.datetime().nullable(),
    accepted_at: p.datetime().nullable(),
    /** The Turnproof account with the member's e-mail, linked when the invitation is accepted. */
    account: () => p.manyToOne(User).deleteRule('set null').nullable(),
    /** The member's personal schedule link `/c/{token}`: SHA-256 for look-up, encrypted copy for the host. */
    schedule_token_hash: p.string().nullable().unique(),
    schedule_link_encrypted: p.text().nullable(),
    schedule_revoked_at: p.datetime().nullable(),
    /** The schedule link works until then (a new link starts a new lifetime). */
    schedule_expires_at: p.datetime().nullable(),
    created_at: createdAt(),
  },
});
/** A named type (an interface, not an alias), so that the runs' references to it stay small enough for declaration emit. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the name is the point
export interface TeamMember extends InferEntity<typeof TeamMemberSchema> {}
export const TeamMember: EntitySchema<TeamMember> = TeamMemberSchema;

/**
 * The last good state of one booking calendar feed of a property: the conditional-request validators,
 * the reservations it listed, and the error of the newest attempt (null once a fetch succeeds again).
 */
export const CalendarFeed = defineEntity({
  name: 'CalendarFeed',
  tableName: 'calendar_feeds',
  uniques: [{ properties: ['property', 'url'] }],
  properties: {
    id: uuidPrimaryKey(),
    property: () => p.manyToOne(Property).deleteRule('cascade').index(),
    url: p.text(),
    etag: p.text().nullable(),
    last_modified: p.text().nullable(),
    /** Reservations of the last good fetch: {uid, summary, start, end} with dates as 'YYYY-MM-DD'. */
    reservations: p.json<{ uid: string; summary: string; start: string; end: string }[]>().nullable(),
    last_success_at: p.datetime().nullable(),
    last_attempt_at: p.datetime().nullable(),
    last_error: p.text().nullable(),
    created_at: createdAt(),
  },
});

export type Property = InferEntity<typeof Property>;
export type Checklist = InferEntity<typeof Checklist>;
export type Task = InferEntity<typeof Task>;
export type CalendarFeed = InferEntity<typeof CalendarFeed>;
