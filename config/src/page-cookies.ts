/**
 * Cookies the console writes about the browser for the API's server render of the dashboard: its time
 * zone ('Completed Today' counts from its midnight) and its window width (the page is laid out for it).
 */
export const PAGE_COOKIES = { timeZone: 'turnproof_tz', width: 'turnproof_vw', language: 'turnproof_lang' } as const;
