import { readFileSync } from 'node:fs';
import type { Config } from '@turnproof/config';

export type TemporalTransportConfig = Pick<Config, 'TEMPORAL_ADDRESS'> &
  Partial<
    Pick<
      Config,
      | 'TEMPORAL_API_KEY'
      | 'TEMPORAL_TLS'
      | 'TEMPORAL_TLS_CERT_PATH'
      | 'TEMPORAL_TLS_KEY_PATH'
      | 'TEMPORAL_TLS_CA_PATH'
      | 'TEMPORAL_TLS_SERVER_NAME'
    >
  >;

/**
 * Address, TLS and API key for a client or worker connection: plain gRPC locally; TLS with an API key
 * (Temporal Cloud) or with a client certificate (an mTLS cluster) when configured. The client's
 * Connection and the worker's NativeConnection take the same shape.
 */
export function temporalConnectionOptions(config: TemporalTransportConfig) {
  const mutual = config.TEMPORAL_TLS_CERT_PATH && config.TEMPORAL_TLS_KEY_PATH;
  const useTls = Boolean(config.TEMPORAL_TLS || config.TEMPORAL_API_KEY || mutual);
  const tls = useTls
    ? {
        ...(config.TEMPORAL_TLS_SERVER_NAME ? { serverNameOverride: config.TEMPORAL_TLS_SERVER_NAME } : {}),
        ...(config.TEMPORAL_TLS_CA_PATH ? { serverRootCACertificate: readFileSync(config.TEMPORAL_TLS_CA_PATH) } : {}),
        ...(mutual
          ? {
              clientCertPair: {
                crt: readFileSync(config.TEMPORAL_TLS_CERT_PATH!),
                key: readFileSync(config.TEMPORAL_TLS_KEY_PATH!),
              },
            }
          : {}),
      }
    : undefined;
  return {
    address: config.TEMPORAL_ADDRESS,
    ...(tls ? { tls } : {}),
    ...(config.TEMPORAL_API_KEY ? { apiKey: config.TEMPORAL_API_KEY } : {}),
  };
}
