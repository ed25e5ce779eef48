import { pagePath } from '../plain-pages.ts';
import { chosenPlan } from '../plans/chosen-plan.ts';
import { rememberChosenTemplate } from '../runs/chosen-template.ts';

/**
 * /auth opened from the public site with a plan (pricing cards) or a template ('Get Started Free'): kept on this
 * browser as the page starts, before the console does (a phone's /auth starts it only when wanted, and its form
 * signs up without it), so onboarding and the first wizard find the choice.
 */
export function rememberVisitorChoices(): void {
  if (pagePath() !== '/auth') return;
  const params = new URLSearchParams(location.search);
  chosenPlan.remember(params.get('plan'));
  rememberChosenTemplate(params.get('template'));
}
