export { createMailer, type Mailer, type MailerConfig, type MailMessage } from './mailer.ts';
export { createActivities, type ActivityDeps } from './activities.ts';
