/**
 * Everything on the public site that marketing may change without touching a component: claims,
 * testimonials, city pages, the FAQ, industries. Components read it from here only. No invented figures:
 * no ratings, review or download counts, market statistics or time-saved claims that nothing we record
 * measures (ARCHITECTURE.md decision 26).
 */

export const PRODUCT_NAME = 'Turnproof';
export const TAGLINE = 'Turnover and inspection checklists with photo proof';

export const hero = {
  title: 'Proof that every turnover was done right',
  pitch:
    'Send your cleaner a magic link. They tick each task on their phone with photo proof, even offline, and you get a time-stamped PDF report the moment they finish.',
};

export const trustStrip = [
  'No app for cleaners to install',
  'Works offline on any phone',
  'Time-stamped photo proof',
  'A PDF report the moment the run is done',
];

export interface Feature {
  title: string;
  text: string;
}

export const features: Feature[] = [
  {
    title: 'Magic links for cleaners',
    text: 'Each run gets its own link. Cleaners and inspectors open it on their phone: no account, no password, no app store.',
  },
  {
    title: 'Photo and video proof',
    text: 'Require up to five photos on any task. Each one carries the time it was taken and, when you allow it, where.',
  },
  {
    title: 'Works offline',
    text: 'Basements and rural cabins lose signal. Ticks, notes and photos queue on the phone and upload when it reconnects.',
  },
  {
    title: 'Photo compression on the phone',
    text: 'Photos are shrunk before they leave the phone, so a 40-photo turnover uploads over a weak connection.',
  },
  {
    title: 'Time-stamped PDF reports',
    text: 'When the run is complete you receive a PDF with every task, note and photo, ready to send to an owner or guest.',
  },
  {
    title: 'Ready-made templates',
    text: 'Start from Airbnb, Vrbo, move-in and move-out checklists written by hosts, then make them your own.',
  },
  {
    title: 'Issues flagged on the spot',
    text: 'A cleaner can report a broken lamp or a stain from any task; high-severity issues e-mail you at once.',
  },
  {
    title: 'Team and reminders',
    text: 'Assign runs to your cleaners, get a reminder before a turnover is due and an alert when it is late.',
  },
];

export const proofSteps: Feature[] = [
  { title: 'Pick a checklist', text: 'Choose a ready-made template or build your own for each property.' },
  {
    title: 'Send the magic link',
    text: 'Text or e-mail the link to your cleaner. It opens straight to the first task.',
  },
  {
    title: 'Tasks done with proof',
    text: 'The cleaner ticks tasks and adds photos; progress reaches you live, even if they went offline.',
  },
  {
    title: 'Get the report',
    text: 'A time-stamped PDF with every photo arrives in your inbox when the run is complete.',
  },
];

export interface Testimonial {
  quote: string;
  name: string;
  role: string;
}

export const testimonials: Testimonial[] = [
  {
    quote:
      'Guests used to message me about a missed towel before I even knew there was a problem. Now I see the photos before they arrive.',
    name: 'Maria G.',
    role: 'Superhost, 6 listings in Austin',
  },
  {
    quote:
      'My cleaners refused to install another app. A link they open in the browser was the only thing that ever stuck.',
    name: 'Daniel R.',
    role: 'Owner, Coastal Turnovers cleaning co.',
  },
  {
    quote:
      'The move-out report with time-stamped photos settled a deposit dispute in one e-mail. It paid for a year in an afternoon.',
    name: 'Priya S.',
    role: 'Property manager, 40 units in Miami',
  },
];

/** The testimonials carousel moves on every this many milliseconds. */
export const TESTIMONIAL_ROTATION_MS = 5000;

export interface FaqItem {
  question: string;
  answer: string;
}

export const faq: FaqItem[] = [
  {
    question: 'Do my cleaners need an account or an app?',
    answer:
      'No. Each run has a magic link that opens in the phone’s browser. Cleaners never sign up, and the link only shows that one run.',
  },
  {
    question: 'What happens when the cleaner has no signal?',
    answer:
      'The checklist keeps working. Ticks, notes and photos are stored on the phone and upload automatically when it reconnects, in the order they were made.',
  },
  {
    question: 'How is the report proof?',
    answer:
      'Every task and photo carries the time our server received it beside the time the phone claims, and each action is chained with a cryptographic hash, so a report cannot be edited quietly afterwards.',
  },
  {
    question: 'How much does it cost?',
    answer:
      'Flex is free with reports at $2.00 each (up to 10 a month). Monthly plans start at $15 with 15 reports included and a 14-day free trial, no card needed to start.',
  },
  {
    question: 'Can I use my own checklists?',
    answer:
      'Yes. Start from one of our templates or from scratch, add tasks, mark which need photos (up to five each) and reorder them.',
  },
  {
    question: 'Does it work for move-in and move-out inspections?',
    answer:
      'Yes. Move-in and move-out runs record the unit and tenant, and the PDF report is the evidence you need for a deposit decision.',
  },
  {
    question: 'Can I cancel at any time?',
    answer: 'Yes. Cancelling is free, there is no setup fee, and plan changes are prorated.',
  },
  {
    question: 'Where is my data kept, and for how long?',
    answer:
      'Your data stays in our database and storage. On Flex, photos and videos are kept for 30 days; reports are always kept. If you delete your account, your data is deleted within 30 days.',
  },
];

export interface CityStats {
  slug: string;
  /** Older paths that redirect to this page. */
  aliases: string[];
  city: string;
  state: string;
  intro: string;
  tips: string[];
}

export const cities: CityStats[] = [
  {
    slug: 'austin-tx',
    aliases: ['austin'],
    city: 'Austin',
    state: 'TX',
    intro:
      'Festival weekends and football Saturdays bring back-to-back check-ins. Turnproof keeps every Austin turnover documented when the gap between guests is three hours.',
    tips: [
      'Schedule heat checks: confirm the thermostat and AC filter on every summer turnover.',
      'Photograph patios and pools, where most Austin damage claims start.',
      'Keep a festival-weekend express checklist for same-day turnovers.',
    ],
  },
  {
    slug: 'miami-fl',
    aliases: ['miami'],
    city: 'Miami',
    state: 'FL',
    intro:
      'High season runs at near-full occupancy and guests expect hotel standards. Turnproof gives Miami hosts photo proof of every balcony, bathroom and beach towel.',
    tips: [
      'Add a humidity and mould check to bathrooms and closets on every turnover.',
      'Photograph balconies and hurricane shutters after storms.',
      'Track beach towels and chairs as inventory tasks so nothing walks away.',
    ],
  },
];

export interface Industry {
  slug: string;
  name: string;
  title: string;
  description: string;
  points: string[];
  templateSlugs: string[];
}

export const industries: Industry[] = [
  {
    slug: 'short-term-rental',
    name: 'Short-term rentals',
    title: 'Turnover checklists for Airbnb and Vrbo hosts',
    description:
      'Know every listing is guest-ready without driving over: your cleaner follows the checklist and you get photo proof before check-in.',
    points: [
      'Same-day turnovers with a report before the next guest arrives',
      'Damage found between stays documented with time-stamped photos',
      'Restocking checks so guests never find an empty coffee tin',
    ],
    templateSlugs: ['airbnb-turnover-cleaning-checklist', 'vrbo-turnover-checklist', 'deep-clean-turnover-checklist'],
  },
  {
    slug: 'property-management',
    name: 'Property management',
    title: 'Inspections and turnovers across every unit you manage',
    description:
      'One place for every property’s checklists, cleaners and reports, with reminders before due times and alerts when a run is late.',
    points: [
      'Assign runs to team members and see progress live',
      'Owner-ready PDF reports for every visit',
      'Analytics on on-time rate and issues per property',
    ],
    templateSlugs: ['furnished-rental-inspection', 'pre-arrival-inspection', 'post-departure-inspection'],
  },
  {
    slug: 'move-in-out',
    name: 'Move-in and move-out',
    title: 'Move-in and move-out inspections that settle deposits',
    description:
      'Record the unit’s condition room by room with the tenant’s name and unit, then compare move-in and move-out reports side by side.',
    points: [
      'Tenant and unit recorded on every report',
      'Photos of every wall, floor and appliance with the time they were taken',
      'Evidence a deposit decision can rest on',
    ],
    templateSlugs: ['move-in-inspection-checklist', 'move-out-inspection-checklist'],
  },
];

/** The four pages of the turnover library (/turnover-checklists, also at the spec's /turno): the Turno-style use cases, each backed by a system template. */
export interface TurnoGuide {
  slug: string;
  title: string;
  templateSlug: string;
  whenToUse: string;
}

export const turnoGuides: TurnoGuide[] = [
  {
    slug: 'airbnb',
    title: 'Airbnb turnover checklist',
    templateSlug: 'airbnb-turnover-cleaning-checklist',
    whenToUse:
      'Use it between every Airbnb stay: after checkout and before the next check-in, when a cleaner resets the whole listing.',
  },
  {
    slug: 'vrbo',
    title: 'Vrbo turnover checklist',
    templateSlug: 'vrbo-turnover-checklist',
    whenToUse:
      'Use it for whole-home Vrbo rentals with longer stays and larger groups, where outdoor areas and laundry take most of the time.',
  },
  {
    slug: 'move-in',
    title: 'Move-in inspection checklist',
    templateSlug: 'move-in-inspection-checklist',
    whenToUse:
      'Use it on the day a tenant gets the keys, with the tenant present, to record the unit’s condition before they move in.',
  },
  {
    slug: 'move-out',
    title: 'Move-out inspection checklist',
    templateSlug: 'move-out-inspection-checklist',
    whenToUse:
      'Use it after the tenant has moved out and before the deposit decision, to compare the unit with its move-in report.',
  },
];
