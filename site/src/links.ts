/** Where the public pages send people; one place so a link checker and the pages agree. */

export const SIGN_IN = '/auth';
export const SIGN_UP = '/auth?mode=sign-up';
export const SAMPLE_REPORT = '/api/site/sample-report.pdf';
/** The same sample report as HTML, shown in the landing page's dialog. */
export const SAMPLE_REPORT_HTML = '/api/site/sample-report.html';

/** Sign-up for visitors, the plan screen for signed-in owners. */
export const planLink = (signedIn: boolean, planKey?: string) =>
  signedIn ? '/subscription' : planKey ? `${SIGN_UP}&plan=${planKey}` : SIGN_UP;

/** Sign-up that remembers the template to preselect after onboarding. */
export const templateSignUp = (slug: string) => `${SIGN_UP}&template=${encodeURIComponent(slug)}`;

/** The turnover checklist library, under the product's own name: every page's canonical URL. */
export const TURNOVER_LIBRARY = '/turnover-checklists';
/** The spec's path of the same library (a competitor's name), still answered for links made to it. */
export const LEGACY_TURNOVER_LIBRARY = '/turno';
export const turnoverGuide = (slug: string) => `${TURNOVER_LIBRARY}/${encodeURIComponent(slug)}`;

export const libraryPdf = (id: string) => `/api/checklists/library/${encodeURIComponent(id)}/pdf`;
