// react-admin's Title, alone in a module so that it can be loaded on demand: it brings the configurable
// title's editor (popover, modal, inputs), about 25 KB gzipped that the dashboard's first render does not need.
export { Title as PageTitle } from 'react-admin';
