import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000043_initial extends Migration {

  override name = 'Migration20261122000043_initial';

  override up(): void | Promise<void> {
    this.addSql(`create table "contact_messages" ("id" uuid not null, "name" varchar(255) not null, "email" varchar(255) not null, "subject" varchar(255) not null, "message" text not null, "created_at" timestamptz not null, primary key ("id"));`);

    this.addSql(`create table "library_checklists" ("id" varchar(255) not null, "title" varchar(255) not null, "description" text not null, "category" varchar(255) not null, "tasks" int not null, "estimated_time" varchar(255) not null, "difficulty" varchar(255) not null, "download_count" int not null, "rating" numeric(2,1) not null, "task_list" jsonb not null, "position" int not null, primary key ("id"));`);

    this.addSql(`create table "users" ("id" uuid not null, "email" varchar(255) not null, "password_hash" text null, "email_confirmed_at" timestamptz null, "google_sub" varchar(255) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);
    this.addSql(`alter table "users" add constraint "users_google_sub_unique" unique ("google_sub");`);

    this.addSql(`create table "sessions" ("id" uuid not null, "user_id" uuid not null, "token_hash" varchar(255) not null, "expires_at" timestamptz not null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "sessions" add constraint "sessions_token_hash_unique" unique ("token_hash");`);

    this.addSql(`create table "properties" ("id" uuid not null, "owner_id" uuid not null, "name" varchar(255) not null, "address" text not null, "access_code" varchar(255) null, "notes" text null, "is_system_property" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "properties_owner_id_index" on "properties" ("owner_id");`);

    this.addSql(`create table "team_members" ("id" uuid not null, "owner_id" uuid not null, "property_id" uuid null, "name" varchar(255) not null, "email" varchar(255) null, "role" varchar(255) not null default 'Cleaner', "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "team_members_owner_id_index" on "team_members" ("owner_id");`);

    this.addSql(`create table "checklists" ("id" uuid not null, "property_id" uuid not null, "name" varchar(255) not null, "type" text not null, "is_template" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "checklists_property_id_index" on "checklists" ("property_id");`);

    this.addSql(`create table "tasks" ("id" uuid not null, "checklist_id" uuid not null, "title" varchar(255) not null, "description" text null, "required_media" int not null default 0, "order_index" int not null default 0, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "tasks_checklist_id_index" on "tasks" ("checklist_id");`);

    this.addSql(`create table "promo_redemptions" ("id" uuid not null, "org_id" uuid not null, "code" varchar(255) not null, "redeemed_by_id" uuid not null, "credits_granted" int not null, "expires_at" timestamptz not null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "promo_redemptions" add constraint "promo_redemptions_org_id_code_unique" unique ("org_id", "code");`);

    this.addSql(`create table "report_credits" ("id" uuid not null, "org_id" uuid not null, "redemption_id" uuid null, "remaining" int not null, "expires_at" timestamptz not null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "report_credits_org_id_index" on "report_credits" ("org_id");`);

    this.addSql(`create table "profiles" ("user_id" uuid not null, "display_name" varchar(255) null, "company_name" varchar(255) null, "role" varchar(255) not null default 'Property Manager', "phone" varchar(255) null, "bio" text null, "location" varchar(255) null, "website" varchar(255) null, "avatar_url" text null, "business_address" text null, "skills" jsonb not null, "specialties" jsonb not null, "social_links" jsonb not null, "certifications" jsonb not null, "portfolio_items" jsonb not null, "public_profile" boolean not null default false, "professional_summary" text null, "years_experience" int null, "hourly_rate" numeric(10,0) null, "onboarding_completed" boolean not null default false, "onboarding_completed_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("user_id"));`);

    this.addSql(`create table "user_onboarding_progress" ("id" uuid not null, "user_id" uuid not null, "step_id" text not null, "completed" boolean not null default false, "completed_at" timestamptz null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "user_onboarding_progress" add constraint "user_onboarding_progress_user_id_step_id_unique" unique ("user_id", "step_id");`);

    this.addSql(`create table "inspection_templates" ("id" uuid not null, "slug" varchar(255) null, "name" varchar(255) not null, "kind" text not null, "description" text not null, "sections" jsonb not null, "created_by_id" uuid null, "is_system_template" boolean not null default false, "is_default" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "inspection_templates" add constraint "inspection_templates_slug_unique" unique ("slug");`);

    this.addSql(`create table "runs" ("id" uuid not null, "property_id" uuid not null, "checklist_id" uuid null, "template_id" uuid null, "checklist_name" varchar(255) not null, "type" text not null, "status" text not null default 'pending', "started_at" timestamptz null, "ended_at" timestamptz null, "meta" jsonb not null, "token_hash" varchar(255) not null, "link_encrypted" text not null, "link_revoked_at" timestamptz null, "due_at" timestamptz null, "assigned_to_id" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "runs_property_id_index" on "runs" ("property_id");`);
    this.addSql(`alter table "runs" add constraint "runs_token_hash_unique" unique ("token_hash");`);

    this.addSql(`create table "run_tasks" ("id" uuid not null, "run_id" uuid not null, "task_id" uuid null, "title" varchar(255) not null, "description" text null, "required_media" int not null default 0, "order_index" int not null, "checked" boolean not null default false, "comment" text null, "duration_seconds" int null, "checked_at" timestamptz null, "latitude" double precision null, "longitude" double precision null, "location_accuracy" double precision null, "location_timestamp" timestamptz null, "address" text null, "client_updated_at" timestamptz null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "run_tasks_run_id_index" on "run_tasks" ("run_id");`);

    this.addSql(`create table "reports" ("id" uuid not null, "run_id" uuid not null, "status" text not null default 'pending', "file_path" text null, "file_name" varchar(255) null, "html_content" text null, "summary" jsonb null, "metered_at" timestamptz null, "generated_at" timestamptz null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "reports" add constraint "reports_run_id_unique" unique ("run_id");`);

    this.addSql(`create table "processed_actions" ("action_id" varchar(255) not null, "run_id" uuid not null, "kind" varchar(255) not null, "response" jsonb null, "created_at" timestamptz not null, primary key ("action_id"));`);

    this.addSql(`create table "media" ("id" uuid not null, "run_id" uuid not null, "run_task_id" uuid not null, "path" text not null, "type" text not null, "status" text not null default 'uploading', "content_type" varchar(255) not null, "size" bigint not null, "thumbnail_path" text null, "captured_at" timestamptz null, "latitude" double precision null, "longitude" double precision null, "location_accuracy" double precision null, "address" text null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "media_run_id_index" on "media" ("run_id");`);
    this.addSql(`create index "media_run_task_id_index" on "media" ("run_task_id");`);
    this.addSql(`alter table "media" add constraint "media_path_unique" unique ("path");`);

    this.addSql(`create table "alerts" ("id" uuid not null, "run_id" uuid not null, "run_task_id" uuid null, "kind" text not null, "severity" text not null, "description" text not null, "media_paths" jsonb not null, "resolved_at" timestamptz null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "alerts_run_id_index" on "alerts" ("run_id");`);

    this.addSql(`create table "billing_subscriptions" ("id" uuid not null, "user_id" uuid not null, "stripe_subscription_id" varchar(255) not null, "plan_key" text not null, "status" varchar(255) not null, "current_period_end" timestamptz null, "cancel_at_period_end" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "billing_subscriptions_user_id_index" on "billing_subscriptions" ("user_id");`);
    this.addSql(`alter table "billing_subscriptions" add constraint "billing_subscriptions_stripe_subscription_id_unique" unique ("stripe_subscription_id");`);

    this.addSql(`create table "billing_accounts" ("user_id" uuid not null, "stripe_customer_id" varchar(255) null, "plan_key" text not null default 'flex', "reports_this_period" int not null default 0, "current_period_start" timestamptz null, "current_period_end" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("user_id"));`);
    this.addSql(`alter table "billing_accounts" add constraint "billing_accounts_stripe_customer_id_unique" unique ("stripe_customer_id");`);

    this.addSql(`create table "auth_tokens" ("id" uuid not null, "user_id" uuid not null, "purpose" text not null, "token_hash" varchar(255) not null, "expires_at" timestamptz not null, "used_at" timestamptz null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "auth_tokens" add constraint "auth_tokens_token_hash_unique" unique ("token_hash");`);

    this.addSql(`create table "user_activity" ("id" uuid not null, "user_id" uuid not null, "activity_type" varchar(255) not null, "details" jsonb not null, "created_at" timestamptz not null, primary key ("id"));`);

    this.addSql(`create table "user_preferences" ("user_id" uuid not null, "email_notifications" boolean not null default true, "push_notifications" boolean not null default false, "desktop_notifications" boolean not null default true, "alert_notifications" boolean not null default true, "analytics_collection" boolean not null default true, "location_services" boolean not null default false, "data_sharing" boolean not null default false, "theme" varchar(255) not null default 'system', "timezone" varchar(255) not null default 'auto', "updated_at" timestamptz not null, primary key ("user_id"));`);

    this.addSql(`alter table "sessions" add constraint "sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`alter table "properties" add constraint "properties_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on delete cascade;`);

    this.addSql(`alter table "team_members" add constraint "team_members_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "team_members" add constraint "team_members_property_id_foreign" foreign key ("property_id") references "properties" ("id") on delete cascade;`);

    this.addSql(`alter table "checklists" add constraint "checklists_property_id_foreign" foreign key ("property_id") references "properties" ("id") on delete cascade;`);
    this.addSql(`alter table "checklists" add constraint "checklists_type_check" check ("type" in ('turnover', 'move_in', 'move_out', 'arrival', 'departure', 'cleaning', 'safety'));`);

    this.addSql(`alter table "tasks" add constraint "tasks_checklist_id_foreign" foreign key ("checklist_id") references "checklists" ("id") on delete cascade;`);
    this.addSql(`alter table "tasks" add constraint "tasks_required_media_range" check (required_media between 0 and 5);`);

    this.addSql(`alter table "promo_redemptions" add constraint "promo_redemptions_redeemed_by_id_foreign" foreign key ("redeemed_by_id") references "users" ("id") on delete cascade;`);

    this.addSql(`alter table "report_credits" add constraint "report_credits_redemption_id_foreign" foreign key ("redemption_id") references "promo_redemptions" ("id") on delete cascade;`);

    this.addSql(`alter table "profiles" add constraint "profiles_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "user_onboarding_progress" add constraint "user_onboarding_progress_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "user_onboarding_progress" add constraint "user_onboarding_progress_step_id_check" check ("step_id" in ('add-property', 'create-checklist', 'invite-team', 'view-analytics'));`);

    this.addSql(`alter table "inspection_templates" add constraint "inspection_templates_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "inspection_templates" add constraint "inspection_templates_kind_check" check ("kind" in ('turnover', 'move_in', 'move_out'));`);

    this.addSql(`alter table "runs" add constraint "runs_property_id_foreign" foreign key ("property_id") references "properties" ("id") on delete cascade;`);
    this.addSql(`alter table "runs" add constraint "runs_checklist_id_foreign" foreign key ("checklist_id") references "checklists" ("id") on delete set null;`);
    this.addSql(`alter table "runs" add constraint "runs_template_id_foreign" foreign key ("template_id") references "inspection_templates" ("id") on delete set null;`);
    this.addSql(`alter table "runs" add constraint "runs_assigned_to_id_foreign" foreign key ("assigned_to_id") references "team_members" ("id") on delete set null;`);
    this.addSql(`alter table "runs" add constraint "runs_type_check" check ("type" in ('turnover', 'move_in', 'move_out'));`);
    this.addSql(`alter table "runs" add constraint "runs_status_check" check ("status" in ('pending', 'in_progress', 'completed'));`);

    this.addSql(`alter table "run_tasks" add constraint "run_tasks_run_id_foreign" foreign key ("run_id") references "runs" ("id") on delete cascade;`);
    this.addSql(`alter table "run_tasks" add constraint "run_tasks_task_id_foreign" foreign key ("task_id") references "tasks" ("id") on delete set null;`);

    this.addSql(`alter table "reports" add constraint "reports_run_id_foreign" foreign key ("run_id") references "runs" ("id") on delete cascade;`);
    this.addSql(`alter table "reports" add constraint "reports_status_check" check ("status" in ('pending', 'generating', 'ready', 'failed'));`);

    this.addSql(`alter table "processed_actions" add constraint "processed_actions_run_id_foreign" foreign key ("run_id") references "runs" ("id") on delete cascade;`);

    this.addSql(`alter table "media" add constraint "media_run_id_foreign" foreign key ("run_id") references "runs" ("id") on delete cascade;`);
    this.addSql(`alter table "media" add constraint "media_run_task_id_foreign" foreign key ("run_task_id") references "run_tasks" ("id") on delete cascade;`);
    this.addSql(`alter table "media" add constraint "media_type_check" check ("type" in ('photo', 'video'));`);
    this.addSql(`alter table "media" add constraint "media_status_check" check ("status" in ('uploading', 'uploaded', 'confirmed', 'error'));`);

    this.addSql(`alter table "alerts" add constraint "alerts_run_id_foreign" foreign key ("run_id") references "runs" ("id") on delete cascade;`);
    this.addSql(`alter table "alerts" add constraint "alerts_run_task_id_foreign" foreign key ("run_task_id") references "run_tasks" ("id") on delete set null;`);
    this.addSql(`alter table "alerts" add constraint "alerts_kind_check" check ("kind" in ('issue', 'overdue'));`);
    this.addSql(`alter table "alerts" add constraint "alerts_severity_check" check ("severity" in ('low', 'medium', 'high'));`);

    this.addSql(`alter table "billing_subscriptions" add constraint "billing_subscriptions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "billing_subscriptions" add constraint "billing_subscriptions_plan_key_check" check ("plan_key" in ('flex', 'starter', 'pro', 'team'));`);

    this.addSql(`alter table "billing_accounts" add constraint "billing_accounts_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "billing_accounts" add constraint "billing_accounts_plan_key_check" check ("plan_key" in ('flex', 'starter', 'pro', 'team'));`);

    this.addSql(`alter table "auth_tokens" add constraint "auth_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "auth_tokens" add constraint "auth_tokens_purpose_check" check ("purpose" in ('confirm_email', 'password_reset'));`);

    this.addSql(`alter table "user_activity" add constraint "user_activity_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`alter table "user_preferences" add constraint "user_preferences_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "sessions" drop constraint "sessions_user_id_foreign";`);
    this.addSql(`alter table "properties" drop constraint "properties_owner_id_foreign";`);
    this.addSql(`alter table "team_members" drop constraint "team_members_owner_id_foreign";`);
    this.addSql(`alter table "promo_redemptions" drop constraint "promo_redemptions_redeemed_by_id_foreign";`);
    this.addSql(`alter table "profiles" drop constraint "profiles_user_id_foreign";`);
    this.addSql(`alter table "user_onboarding_progress" drop constraint "user_onboarding_progress_user_id_foreign";`);
    this.addSql(`alter table "inspection_templates" drop constraint "inspection_templates_created_by_id_foreign";`);
    this.addSql(`alter table "billing_subscriptions" drop constraint "billing_subscriptions_user_id_foreign";`);
    this.addSql(`alter table "billing_accounts" drop constraint "billing_accounts_user_id_foreign";`);
    this.addSql(`alter table "auth_tokens" drop constraint "auth_tokens_user_id_foreign";`);
    this.addSql(`alter table "user_activity" drop constraint "user_activity_user_id_foreign";`);
    this.addSql(`alter table "user_preferences" drop constraint "user_preferences_user_id_foreign";`);
    this.addSql(`alter table "team_members" drop constraint "team_members_property_id_foreign";`);
    this.addSql(`alter table "checklists" drop constraint "checklists_property_id_foreign";`);
    this.addSql(`alter table "runs" drop constraint "runs_property_id_foreign";`);
    this.addSql(`alter table "runs" drop constraint "runs_assigned_to_id_foreign";`);
    this.addSql(`alter table "tasks" drop constraint "tasks_checklist_id_foreign";`);
    this.addSql(`alter table "runs" drop constraint "runs_checklist_id_foreign";`);
    this.addSql(`alter table "run_tasks" drop constraint "run_tasks_task_id_foreign";`);
    this.addSql(`alter table "report_credits" drop constraint "report_credits_redemption_id_foreign";`);
    this.addSql(`alter table "runs" drop constraint "runs_template_id_foreign";`);
    this.addSql(`alter table "run_tasks" drop constraint "run_tasks_run_id_foreign";`);
    this.addSql(`alter table "reports" drop constraint "reports_run_id_foreign";`);
    this.addSql(`alter table "processed_actions" drop constraint "processed_actions_run_id_foreign";`);
    this.addSql(`alter table "media" drop constraint "media_run_id_foreign";`);
    this.addSql(`alter table "alerts" drop constraint "alerts_run_id_foreign";`);
    this.addSql(`alter table "media" drop constraint "media_run_task_id_foreign";`);
    this.addSql(`alter table "alerts" drop constraint "alerts_run_task_id_foreign";`);

    this.addSql(`drop table if exists "contact_messages" cascade;`);
    this.addSql(`drop table if exists "library_checklists" cascade;`);
    this.addSql(`drop table if exists "users" cascade;`);
    this.addSql(`drop table if exists "sessions" cascade;`);
    this.addSql(`drop table if exists "properties" cascade;`);
    this.addSql(`drop table if exists "team_members" cascade;`);
    this.addSql(`drop table if exists "checklists" cascade;`);
    this.addSql(`drop table if exists "tasks" cascade;`);
    this.addSql(`drop table if exists "promo_redemptions" cascade;`);
    this.addSql(`drop table if exists "report_credits" cascade;`);
    this.addSql(`drop table if exists "profiles" cascade;`);
    this.addSql(`drop table if exists "user_onboarding_progress" cascade;`);
    this.addSql(`drop table if exists "inspection_templates" cascade;`);
    this.addSql(`drop table if exists "runs" cascade;`);
    this.addSql(`drop table if exists "run_tasks" cascade;`);
    this.addSql(`drop table if exists "reports" cascade;`);
    this.addSql(`drop table if exists "processed_actions" cascade;`);
    this.addSql(`drop table if exists "media" cascade;`);
    this.addSql(`drop table if exists "alerts" cascade;`);
    this.addSql(`drop table if exists "billing_subscriptions" cascade;`);
    this.addSql(`drop table if exists "billing_accounts" cascade;`);
    this.addSql(`drop table if exists "auth_tokens" cascade;`);
    this.addSql(`drop table if exists "user_activity" cascade;`);
    this.addSql(`drop table if exists "user_preferences" cascade;`);
  }

}
