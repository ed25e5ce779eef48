/** The privacy policy and terms of service, written for Turnproof, with the spec's legal constants. */

export const LEGAL = {
  lastUpdated: 'December 31, 2024',
  deletionDays: 30,
  minimumAge: 18,
  privacyReplyDays: 30,
  contactReplyHours: 24,
};

export interface LegalSection {
  title: string;
  paragraphs: string[];
}

export const privacySections: LegalSection[] = [
  {
    title: 'Who we are',
    paragraphs: [
      'Turnproof provides turnover and inspection checklists for hosts, property managers and cleaning companies. This policy explains what we collect when you use the website, the owner console and the magic-link checklists, and what we do with it.',
    ],
  },
  {
    title: 'Information we collect',
    paragraphs: [
      'Account data: your name, e-mail address, password (stored only as an argon2id hash), company and profile details you choose to add.',
      'Property and run data: property names and addresses, checklists, tasks, notes, and the photos and videos uploaded through magic links.',
      'Device data from cleaners: the time each action was made, and the location of a photo only when the host has asked for locations.',
      'Billing data: your plan and invoices. Card numbers are handled by our payment provider, Stripe; we never see or store them.',
    ],
  },
  {
    title: 'How we use information',
    paragraphs: [
      'We use your data to run the service: to show your properties and runs, to produce PDF reports, to send the e-mails you expect (confirmations, reminders, reports), to bill your plan and to answer support requests. We do not sell personal data and we do not use it for advertising.',
    ],
  },
  {
    title: 'Photos, videos and location',
    paragraphs: [
      'Photos and videos belong to the host who created the run. We remove GPS data from photos unless the host has chosen to keep locations. On the Flex plan, photos and videos are deleted 30 days after the run; reports are kept.',
    ],
  },
  {
    title: 'Sharing',
    paragraphs: [
      'We share data only with the processors that run the service for us (hosting, e-mail delivery, payments) under contracts that limit them to that purpose, and when the law requires it. A magic link shows its run to whoever holds the link; hosts can revoke or rotate a link at any time.',
    ],
  },
  {
    title: 'Cookies',
    paragraphs: [
      'We use one session cookie to keep you signed in, and local storage on cleaners’ phones so checklists work offline. We use no advertising or cross-site tracking cookies.',
    ],
  },
  {
    title: 'Retention and deletion',
    paragraphs: [
      `You can export your data or delete your account from Settings at any time. After an account is deleted, its data is removed from our systems within ${LEGAL.deletionDays} days.`,
    ],
  },
  {
    title: 'Security',
    paragraphs: [
      'Traffic is encrypted in transit, passwords are hashed, magic-link tokens are stored as hashes, and upload links are signed and short-lived. No system is perfectly secure; we will tell affected users without undue delay if a breach puts their data at risk.',
    ],
  },
  {
    title: 'Children',
    paragraphs: [
      `Turnproof is a business service and is not directed to children under ${LEGAL.minimumAge}. We do not knowingly collect data from them; if you believe we have, contact us and we will delete it.`,
    ],
  },
  {
    title: 'Your rights and contact',
    paragraphs: [
      `You may ask to access, correct, export or delete your personal data, or object to how we use it. Write to us through the contact page and we will reply within ${LEGAL.privacyReplyDays} days. We will announce material changes to this policy by e-mail and on this page.`,
    ],
  },
];

export const termsSections: LegalSection[] = [
  {
    title: 'Acceptance of these terms',
    paragraphs: [
      'By creating an account or using Turnproof you agree to these terms. If you use Turnproof for a company, you accept them on its behalf.',
    ],
  },
  {
    title: 'The service',
    paragraphs: [
      'Turnproof lets hosts create checklists and inspection runs, send magic links to cleaners or inspectors, and receive PDF reports. We may improve or change features; we will not remove a paid feature during a period you have paid for.',
    ],
  },
  {
    title: 'Accounts',
    paragraphs: [
      `You must be at least ${LEGAL.minimumAge} to open an account. Keep your password to yourself and tell us if you suspect someone else is using your account. You are responsible for who you send magic links to.`,
    ],
  },
  {
    title: 'Plans, trials and payment',
    paragraphs: [
      'Monthly plans include a number of reports; further reports are billed at the plan’s per-report rate. Flex has no monthly fee and bills every report. Monthly plans start with a 14-day free trial. There is no setup fee, plan changes are prorated, and you may cancel at any time; cancellation takes effect at the end of the paid period.',
    ],
  },
  {
    title: 'Your content',
    paragraphs: [
      'Checklists, photos, videos and reports you and your cleaners create remain yours. You give us the permission we need to store, process and display them to run the service. You confirm you have the right to upload them and that they respect the privacy of the people and places photographed.',
    ],
  },
  {
    title: 'Acceptable use',
    paragraphs: [
      'Do not use Turnproof to break the law, to upload malware, to probe or overload our systems, or to access another account’s data. We may suspend accounts that do.',
    ],
  },
  {
    title: 'Availability and liability',
    paragraphs: [
      'We work to keep Turnproof available and your data safe, but the service is provided as is. To the extent the law allows, our liability is limited to the fees you paid in the twelve months before the claim.',
    ],
  },
  {
    title: 'Ending the service',
    paragraphs: [
      `You may delete your account at any time from Settings. We may end an account that breaks these terms after notice where possible. After deletion your data is removed within ${LEGAL.deletionDays} days.`,
    ],
  },
  {
    title: 'Changes and contact',
    paragraphs: [
      `We will announce material changes to these terms by e-mail at least 30 days before they apply. Questions go through the contact page; we typically reply within ${LEGAL.contactReplyHours} hours.`,
    ],
  },
];
