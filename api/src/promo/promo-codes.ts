/** The promo codes we honour and the free reports each grants (the launch code of decision 7). */
export const PROMO_CODES: Readonly<Record<string, { credits: number }>> = {
  TURNPROOF5: { credits: 5 },
};

export const promoMessages = {
  badInput: 'Please enter a valid promo code',
  invalidCode: 'Invalid promo code',
  alreadyUsed: 'This promo code has already been used by your organisation.',
  notYourOrganisation: 'Organisation not found.',
  applied: (credits: number) => `Promo code applied: ${credits} free reports added.`,
  alreadyApplied: 'This promo code is already applied to your organisation.',
  failed: 'Failed to apply promo code',
} as const;
