export { Button, Items, MailLayout, Quote, Text, Url } from './components.tsx';
export { hostLanguage } from './host-language.ts';
export { renderMail } from './render.ts';
