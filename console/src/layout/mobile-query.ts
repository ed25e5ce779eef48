/** The spec's mobile breakpoint: under it, the header, the tab bar and the plain menu (Layout.tsx). */
export const MOBILE_QUERY = '(max-width: 767.95px)';

/** The URL fragment that shows the plain menu (styles.css: `.plain-menu:not(:target)` is hidden). */
export const PLAIN_MENU_ID = 'console-menu';
