import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const openssl = (args: string[], cwd: string) => run('openssl', args, { cwd });

/** DER of the sha256 OID: the query's imprint (OCTET STRING of 32) follows it. */
const SHA256_OID = Buffer.from('0609608648016503040201', 'hex');

/**
 * The query with its message imprint turned around: the authority then stamps a digest the client did
 * not ask for, with the client's nonce, so only the imprint check can catch it.
 */
function otherImprint(query: Buffer): Buffer {
  const oid = query.indexOf(SHA256_OID);
  const digest = query.indexOf(Buffer.from([0x04, 0x20]), oid) + 2;
  if (oid < 0 || digest < 2) throw new Error('Not a sha256 time-stamp query');
  const changed = Buffer.from(query);
  for (let i = digest; i < digest + 32; i += 1) changed[i] = changed[i]! ^ 0xff;
  return changed;
}

export type TsaMode = 'honest' | 'wrong-imprint';

/**
 * A real RFC 3161 time-stamping authority: `openssl ts -reply` behind node:http, with its own root CA and
 * a signing certificate (extendedKeyUsage critical timeStamping) made in a temp folder at start.
 * `wrong-imprint` stamps another digest than the one asked for.
 */
export async function startTsaServer(initialMode: TsaMode = 'honest') {
  const dir = await mkdtemp(path.join(tmpdir(), 'turnproof-tsa-'));
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  await openssl(
    [
      'req',
      '-x509',
      ...ec,
      '-keyout',
      'root.key',
      '-out',
      'root.pem',
      '-days',
      '2',
      '-subj',
      '/CN=Turnproof Test TSA Root',
    ],
    dir,
  );
  await writeFile(
    path.join(dir, 'tsa-ext.cnf'),
    'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=critical,timeStamping\n',
  );
  await openssl(['req', ...ec, '-keyout', 'tsa.key', '-out', 'tsa.csr', '-subj', '/CN=Turnproof Test TSA'], dir);
  await openssl(
    [
      'x509',
      '-req',
      '-in',
      'tsa.csr',
      '-CA',
      'root.pem',
      '-CAkey',
      'root.key',
      '-CAcreateserial',
      '-days',
      '2',
      '-extfile',
      'tsa-ext.cnf',
      '-out',
      'tsa.pem',
    ],
    dir,
  );
  await writeFile(path.join(dir, 'serial'), '01\n');
  await writeFile(
    path.join(dir, 'tsa.cnf'),
    [
      '[ tsa ]',
      'default_tsa = test_tsa',
      '[ test_tsa ]',
      `dir = ${dir}`,
      'serial = $dir/serial',
      'crypto_device = builtin',
      'signer_cert = $dir/tsa.pem',
      'certs = $dir/tsa.pem',
      'signer_key = $dir/tsa.key',
      'signer_digest = sha256',
      'default_policy = 1.2.3.4.1',
      'digests = sha256',
      'accuracy = secs:1',
      'ordering = no',
      'tsa_name = yes',
      'ess_cert_id_alg = sha256',
      '',
    ].join('\n'),
  );

  let mode = initialMode;
  let requests = 0;
  let stamping = Promise.resolve();
  /** One `openssl ts -reply` at a time: they share the serial file. */
  const stamp = (query: Buffer) => {
    const next = stamping.then(async () => {
      const n = (requests += 1);
      await writeFile(path.join(dir, `q${n}.tsq`), mode === 'wrong-imprint' ? otherImprint(query) : query);
      await openssl(['ts', '-reply', '-config', 'tsa.cnf', '-queryfile', `q${n}.tsq`, '-out', `r${n}.tsr`], dir);
      return readFile(path.join(dir, `r${n}.tsr`));
    });
    stamping = next.then(
      () => undefined,
      () => undefined,
    );
    return next;
  };

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.headers['content-type'] !== 'application/timestamp-query') {
        response.writeHead(400).end('POST an application/timestamp-query');
        return;
      }
      stamp(Buffer.concat(chunks)).then(
        (reply) => response.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(reply),
        (error: Error) => response.writeHead(500).end(error.message),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/tsa`,
    dir,
    rootPem: path.join(dir, 'root.pem'),
    tsaPem: path.join(dir, 'tsa.pem'),
    /** Queries answered so far. */
    requests: () => requests,
    setMode(next: TsaMode) {
      mode = next;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
