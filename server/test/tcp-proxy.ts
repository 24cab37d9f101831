// A TCP proxy in front of the PostgreSQL server, for faults tests: cut() closes it and every
// connection (the server is gone), hang() keeps every connection open but forwards nothing (the
// server stopped answering), open()/resume() bring it back on the same port.
import { once } from 'node:events';
import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  readonly port: number;
  /** The URL given with its host and port replaced by the proxy's. */
  url(direct: string): string;
  open(): Promise<void>;
  cut(): Promise<void>;
  hang(): void;
  resume(): void;
  close(): Promise<void>;
}

export function tcpProxy(target: { host: string; port: number }): TcpProxy {
  const sockets = new Set<Socket>();
  /** What arrived while hung, per socket, written on resume. */
  const held = new Map<Socket, { to: Socket; chunks: Buffer[] }>();
  let server: Server | undefined;
  let port = 0;
  let hung = false;
  const track = (s: Socket) => {
    sockets.add(s);
    s.on('close', () => {
      sockets.delete(s);
      held.delete(s);
    });
    s.on('error', () => s.destroy());
  };
  const forward = (from: Socket, to: Socket) =>
    from.on('data', (chunk: Buffer) => {
      if (!hung) return void to.write(chunk);
      const h = held.get(from) ?? { to, chunks: [] };
      h.chunks.push(chunk);
      held.set(from, h);
    });
  return {
    get port() {
      return port;
    },
    url(direct) {
      const u = new URL(direct);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    async open() {
      server = createServer((client) => {
        const upstream = connect(target.port, target.host);
        track(client);
        track(upstream);
        forward(client, upstream);
        forward(upstream, client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server.listen(port, '127.0.0.1');
      await once(server, 'listening');
      port = (server.address() as AddressInfo).port;
    },
    async cut() {
      const closed = new Promise<void>((resolve) => server!.close(() => resolve()));
      for (const s of sockets) s.destroy();
      await closed;
    },
    hang() {
      hung = true;
    },
    resume() {
      hung = false;
      for (const [, h] of held) for (const chunk of h.chunks) h.to.write(chunk);
      held.clear();
    },
    async close() {
      if (server?.listening) await this.cut();
    },
  };
}
