export { islandScript } from './assets.ts';
export { cities, industries, turnoGuides, TESTIMONIAL_ROTATION_MS } from './content/marketing.ts';
export { helpGuides } from './content/help.ts';
export { CONTACT_TEXTS, contactPage, type ContactFormState } from './pages/contact.tsx';
export { checklistsPage } from './pages/checklists.tsx';
export { landingPage } from './pages/landing.tsx';
export { privacyPage, termsPage } from './pages/legal.tsx';
export { demoPage, featuresPage, helpPage, industryPage, locationPage, notFoundPage } from './pages/more.tsx';
export { pricingPage } from './pages/pricing.tsx';
export {
  templatePage,
  templatesIndexPage,
  turnoGuidePage,
  turnoIndexPage,
  turnoNotFoundPage,
} from './pages/templates.tsx';
export { renderSitePage, type SitePage } from './render.tsx';
export type { SiteContextValue } from './site-context.ts';
export { estimatedMinutes, taskCount, type LibraryEntry, type TemplateDetail } from './site-data.ts';
export { LEGACY_TURNOVER_LIBRARY, SAMPLE_REPORT, TURNOVER_LIBRARY, turnoverGuide } from './links.ts';
export { checklistPrintHtml } from './print/checklist-print.tsx';
export { publicProfilePage, type PublicProfileView } from './pages/profile.tsx';
