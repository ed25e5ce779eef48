/* global module */
// node-polyglot (react-admin's translations) requires the `object.entries` polyfill, whose get-intrinsic and
// object-keys helpers weigh some 5 KB gzipped in the console's first download; every browser the console
// supports has Object.entries.
module.exports = Object.entries;
