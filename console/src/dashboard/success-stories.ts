/** What hosts got out of proof-first turnovers: the dashboard's success-story card shows one at a time. */
export interface SuccessStory {
  outcome: string;
  story: string;
  who: string;
}

export const SUCCESS_STORIES: SuccessStory[] = [
  {
    outcome: 'Deposit dispute settled in one e-mail',
    story: 'The move-out report with time-stamped photos showed the stain was there at check-in.',
    who: 'Priya S., property manager, 40 units',
  },
  {
    outcome: 'Re-cleans down from weekly to rare',
    story:
      'Photos of every bathroom before the guest arrives catch the missed towel while the cleaner is still on site.',
    who: 'Maria G., Superhost, 6 listings',
  },
  {
    outcome: 'Every cleaner on board in a day',
    story: 'A link that opens in the browser, no app and no password: the whole crew used it from the first turnover.',
    who: 'Daniel R., cleaning company owner',
  },
];

/** The spec's success story moves on every 8 s. */
export const SUCCESS_STORY_ROTATION_MS = 8_000;
