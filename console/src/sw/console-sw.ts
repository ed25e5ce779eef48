import { handlePushNotifications, type PushScope } from '@turnproof/config/push-notifications';

/**
 * The console's service worker: browser notifications only (no fetch handler, no cache, so nothing else
 * of the console changes). Built by sw.vite.config.ts to dist/console-sw.js, served at /console-sw.js and
 * registered for / when the host turns notifications on (Settings).
 */
handlePushNotifications(self as unknown as PushScope);
