/**
 * Vite aliases that build code written against React's API and types with Preact's compatibility layer
 * (runner-web and console): React 19's react-dom alone is about 57 KB gzipped, preact/compat about 5 KB,
 * and it is parsed and run on every cold load of a phone. Exact-match aliases, so that `react-dom/client`
 * and `react/jsx-runtime` get their own Preact entry points.
 */
export const PREACT_COMPAT = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];
