// Shared with the worker, which makes the magic links of calendar runs.
export * from '@turnproof/platform/secret-tokens';
