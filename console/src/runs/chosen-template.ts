/**
 * The system template a visitor picked on a public template page ('Get Started Free' links to
 * /auth?mode=sign-up&template={slug}); kept on this browser through sign-up and onboarding, and
 * preselected in the first New Inspection wizard that offers it.
 */
const KEY = 'turnproof_chosen_template';

export function rememberChosenTemplate(slug: string | null): void {
  if (!slug || !/^[a-z0-9-]{1,100}$/.test(slug)) return;
  try {
    localStorage.setItem(KEY, slug);
  } catch {
    // Private mode or a full storage: the preselection is a convenience only.
  }
}

export function chosenTemplateSlug(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function forgetChosenTemplate(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
}
