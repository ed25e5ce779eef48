/** The one place the Temporal CLI version is pinned: newest tag whose go.mod installs with `go install`. */
export const TEMPORAL_CLI_VERSION = 'v1.5.1';
export const TEMPORAL_UI_PORT_DEFAULT = 8233;
/** stripe-mock for the billing tests (`go install github.com/stripe/stripe-mock@...`). */
export const STRIPE_MOCK_VERSION = 'v0.197.0';
/**
 * The Temporal server the CLI above embeds (its go.mod), run on PostgreSQL by the production topology
 * (`npm run chaos`): `go install go.temporal.io/server/cmd/server@...` and its `cmd/tools/sql`.
 */
export const TEMPORAL_SERVER_VERSION = 'v1.29.1';
/**
 * versitygw, the S3-compatible server the S3-mode tests run against
 * (`go install github.com/versity/versitygw/cmd/versitygw@...`).
 */
export const VERSITYGW_VERSION = 'v1.8.0';
