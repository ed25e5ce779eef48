/**
 * The paths the owner console answers (spec/product.md section 2, authenticated routes, and the
 * console's own names for them). Anything else that is not a public page or a file is a 404.
 */
const consoleSections = [
  'auth',
  'password-reset',
  'onboarding',
  'dashboard',
  'payment-success',
  'payment-cancel',
  'subscription',
  'properties',
  'inspections',
  'runs',
  'analytics',
  'settings',
  'profile',
  'team',
  'timesheets',
  'restock',
  'work-orders',
];

const consoleRoute = new RegExp(`^/(${consoleSections.join('|')})(/.*)?$`);

/** True for a path the console's index.html should answer (its client router shows the screen). */
export function isConsoleRoute(path: string): boolean {
  // /templates is the console's template screen for owners (the site router lets signed-in owners
  // through); /checklists/{id}/edit is its editor, while /checklists itself is the public library.
  return (
    consoleRoute.test(path) || path === '/templates' || path === '/templates/' || /^\/checklists\/[^/]+\/.+/.test(path)
  );
}
