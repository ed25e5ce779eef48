import type { MessageKey } from '../i18n/keys.ts';

/** What hosts got out of proof-first turnovers: the dashboard's success-story card shows one at a time. */
export interface SuccessStory {
  outcome: MessageKey;
  story: MessageKey;
  who: MessageKey;
}

export const SUCCESS_STORIES: SuccessStory[] = [
  { outcome: 'dashboard.story1Outcome', story: 'dashboard.story1Story', who: 'dashboard.story1Who' },
  { outcome: 'dashboard.story2Outcome', story: 'dashboard.story2Story', who: 'dashboard.story2Who' },
  { outcome: 'dashboard.story3Outcome', story: 'dashboard.story3Story', who: 'dashboard.story3Who' },
];

/** The spec's success story moves on every 8 s. */
export const SUCCESS_STORY_ROTATION_MS = 8_000;
