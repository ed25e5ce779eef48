import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CONFIG_VARIABLES } from '@turnproof/config';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

interface Service {
  build?: unknown;
  image?: string;
  environment?: Record<string, string>;
  ports?: string[];
  stop_grace_period?: string;
  init?: boolean;
  restart?: string;
}

const compose = parse(readFileSync(path.resolve(import.meta.dirname, '../../docker-compose.yml'), 'utf8'), {
  merge: true,
}) as { services: Record<string, Service> };
const ourServices = Object.entries(compose.services).filter(([, service]) => service.build);

describe('docker-compose.yml', () => {
  it('sets no variable on our services that the configuration does not read', () => {
    const unread = ourServices.flatMap(([name, service]) =>
      Object.keys(service.environment ?? {})
        .filter((variable) => !CONFIG_VARIABLES.includes(variable))
        .map((variable) => `${name}: ${variable}`),
    );
    expect(ourServices.map(([name]) => name).sort()).toEqual(['api', 'migrate', 'temporal-bootstrap', 'worker']);
    expect(unread).toEqual([]);
  });

  it('holds no secret: passwords and keys come from the environment', () => {
    for (const [, service] of Object.entries(compose.services)) {
      for (const [variable, value] of Object.entries(service.environment ?? {})) {
        if (/SECRET|PASSWORD|PWD|API_KEY/.test(variable))
          expect(value, variable).toMatch(/^\$\{[A-Z][A-Z0-9_]*(:[-?][^}]*)?\}$/);
      }
    }
    expect(compose.services.api?.environment?.DATABASE_URL).toContain('${POSTGRES_PASSWORD:?');
  });

  it('keeps media in its S3-compatible store, which the API replicas and workers share through S3_*', () => {
    expect(compose.services.s3?.image).toMatch(/^versity\/versitygw:/);
    for (const name of ['api', 'worker']) {
      const environment = compose.services[name]?.environment ?? {};
      expect(environment.S3_ENDPOINT, name).toBe('${S3_ENDPOINT:-http://s3:7070}');
      expect(environment.S3_BUCKET, name).toContain('turnproof-media');
      expect(compose.services[name]).not.toHaveProperty('volumes');
    }
  });

  it('publishes Temporal, its UI and the mail catcher on 127.0.0.1 only, and no API port per replica', () => {
    const published = Object.entries(compose.services).flatMap(([name, service]) =>
      (service.ports ?? []).map((port) => `${name} ${port}`),
    );
    expect(published.filter((entry) => !entry.startsWith('lb ')).every((entry) => entry.includes(' 127.0.0.1:'))).toBe(
      true,
    );
    expect(compose.services.temporal?.ports).toBeUndefined();
    expect(compose.services.api?.ports).toBeUndefined();
  });

  it('N2: trusts exactly the one proxy in front (Caddy), so per-address rate limits count visitors, not the proxy', () => {
    expect(compose.services.lb?.image).toMatch(/^caddy:/);
    for (const [name, service] of ourServices) expect(service.environment?.TRUST_PROXY, name).toBe('1');
  });

  it('I-N4: has no mail fallback; without SMTP_URL the stack refuses to start rather than mail the catcher', () => {
    for (const [name, service] of ourServices) {
      expect(service.environment?.SMTP_URL, name).toMatch(/^\$\{SMTP_URL:\?[^}]+\}$/);
    }
  });

  it('N12: metrics listen on every interface only inside the compose network, where the ports are not published', () => {
    for (const name of ['api', 'worker']) {
      expect(compose.services[name]?.environment?.METRICS_HOST, name).toBe('0.0.0.0');
      expect(compose.services[name]?.ports, name).toBeUndefined();
    }
  });

  it('runs the current Temporal server image and gives processes init, restarts and a stop grace above 10 s', () => {
    expect(compose.services.temporal?.image).toBe('temporalio/server:1.29.1');
    expect(Object.values(compose.services).some((service) => service.image?.includes('auto-setup'))).toBe(false);
    for (const name of ['api', 'worker']) {
      expect(compose.services[name]?.init).toBe(true);
      expect(compose.services[name]?.restart).toBe('unless-stopped');
      expect(compose.services[name]?.stop_grace_period).toBe('30s');
    }
  });
});
