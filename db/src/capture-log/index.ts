export * from './capture-chain.ts';
export * from './capture-log.ts';
export * from './timestamp-anchors.ts';
