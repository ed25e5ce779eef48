/** The help centre's guides (/help); onboarding's 'View Guide' opens the first. */

export interface HelpGuide {
  id: string;
  title: string;
  summary: string;
  steps: string[];
}

export const helpGuides: HelpGuide[] = [
  {
    id: 'getting-started',
    title: 'Getting started',
    summary: 'From sign-up to your first report in about ten minutes.',
    steps: [
      'Sign up with your e-mail or Google and confirm your address from the e-mail we send.',
      'Choose a plan, or keep the 14-day trial, on the onboarding screen.',
      'Add your first property (name and address). It receives the default turnover, move-in and move-out checklists.',
      'Open Inspections, then New Inspection: choose the type, the property and the checklist.',
      'Share the magic link with your cleaner. You receive the PDF report when they complete the run.',
    ],
  },
  {
    id: 'magic-links',
    title: 'Sending a magic link',
    summary: 'How cleaners open a run without an account, and how you keep links under control.',
    steps: [
      'The last step of New Inspection shows the link with Copy, Open, Test and a QR code.',
      'Send it by text, e-mail or any chat app; the share message includes the property name.',
      'The link opens straight to the first task on any phone browser. No app and no password.',
      'From the run card you can copy the link again, rotate it (the old link stops working) or revoke it.',
      'A link stops working 7 days after the run is complete.',
    ],
  },
  {
    id: 'offline',
    title: 'Working offline',
    summary: 'What cleaners can do with no signal, and how their work reaches you.',
    steps: [
      'Once the link has been opened, the checklist keeps working without a connection.',
      'Ticks, notes and photos are stored on the phone; a badge shows how many are waiting.',
      'When the phone reconnects they upload in the order they were made; Sync Now retries at once.',
      'Nothing is applied twice, even when a sync is interrupted and repeated.',
    ],
  },
  {
    id: 'reports',
    title: 'Reports',
    summary: 'What the PDF report holds and how to get it again.',
    steps: [
      'A report is made when a run is completed and e-mailed to you with the PDF attached.',
      'It lists every task with its time, the cleaner’s notes, every photo and any issues reported.',
      'From Inspections, Download PDF Report shows its progress and lets you download or regenerate it.',
      'Each report counts towards your plan’s included reports for the month.',
    ],
  },
  {
    id: 'billing',
    title: 'Billing and plans',
    summary: 'Plans, reports included, overage and the trial.',
    steps: [
      'Flex costs nothing per month; each report is $2.00, up to 10 a month, and photos are kept 30 days.',
      'Starter ($15), Pro ($29) and Team ($49) include 15, 40 and 80 reports; extra reports cost $1.50, $1.00 and $0.80.',
      'Monthly plans start with a 14-day free trial. Cancel any time from Plans & Billing; changes are prorated.',
      'The promo code TURNPROOF5 gives 5 free reports once per organisation.',
    ],
  },
  {
    id: 'team',
    title: 'Team',
    summary: 'Inviting cleaners and managers and assigning runs.',
    steps: [
      'Open Team (Settings, Team) and invite people by e-mail; they get an invitation link.',
      'Assign a run to a team member when you create it; they receive the magic link by e-mail.',
      'Pro allows 25 team members and Team unlimited; Starter and Flex allow 5.',
      'Resend or remove an invitation from the team list at any time.',
    ],
  },
];
