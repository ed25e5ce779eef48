export { type ChangeMap, type ChangeRegion, computeChangeMap } from './change-map.ts';
export { type Box } from './regions.ts';
export { renderSideBySide } from './side-by-side.ts';
