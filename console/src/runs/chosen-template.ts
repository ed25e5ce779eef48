import { visitorChoice } from '../auth/visitor-choice.ts';

/**
 * The system template a visitor picked on a public template page ('Get Started Free' links to
 * /auth?mode=sign-up&template={slug}), preselected in the first New Inspection wizard that offers it.
 */
const chosenTemplate = visitorChoice('turnproof_chosen_template', (slug): slug is string =>
  /^[a-z0-9-]{1,100}$/.test(slug),
);

export const rememberChosenTemplate = chosenTemplate.remember;
export const chosenTemplateSlug = chosenTemplate.current;
export const forgetChosenTemplate = chosenTemplate.forget;
