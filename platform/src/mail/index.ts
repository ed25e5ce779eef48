export { Button, Items, MailLayout, Quote, Text, Url } from './components.tsx';
export { cleanerLanguage } from './cleaner-language.ts';
export { hostLanguage } from './host-language.ts';
export { renderMail } from './render.ts';
