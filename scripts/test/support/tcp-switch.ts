import { createServer, type Server, type Socket, connect } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP forwarder on a fixed local port that a test can switch off (connections refused, open ones
 * cut) and on again: an outside service (the SMTP relay) that is unreachable for a while.
 */
export async function startTcpSwitch() {
  let target: { host: string; port: number } | undefined;
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;

  const listen = async () => {
    server = createServer((client) => {
      if (!target) return client.destroy();
      const upstream = connect(target.port, target.host);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  };
  await listen();

  return {
    url: (scheme: string) => `${scheme}://127.0.0.1:${port}`,
    /** Where connections go while the switch is on. */
    forwardTo(url: string) {
      const parsed = new URL(url);
      target = { host: parsed.hostname, port: Number(parsed.port) };
    },
    async off() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server?.close(() => resolve()));
      server = undefined;
    },
    on: listen,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
    },
  };
}
