// react-admin's notification and error screens, in a chunk of their own: ConsoleAdmin loads them on first use.
export { AccessDenied, AuthenticationError, Error, Notification } from 'react-admin';
