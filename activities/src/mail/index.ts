export { Button, Items, MailLayout, Quote, Text, Url } from './components.tsx';
export { renderMail } from './render.ts';
