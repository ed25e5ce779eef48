export { loadConfig, type Config } from './env.ts';
export { TEMPORAL_CLI_VERSION, TEMPORAL_UI_PORT_DEFAULT } from './versions.ts';
export { productionDurations, type RunDurations } from './durations.ts';
