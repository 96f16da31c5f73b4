// A TCP relay in front of the S3 server: the app reaches its bucket through it, and the run cuts it to make the
// bucket unreachable (open connections reset, new ones refused at once) and opens it again.
import { connect, createServer, type Socket } from 'node:net';

export interface BucketGate {
  endpoint: string;
  cut(): void;
  open(): void;
  close(): Promise<void>;
}

export async function startBucketGate(target: string): Promise<BucketGate> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  let down = false;
  const server = createServer((incoming) => {
    if (down) {
      incoming.resetAndDestroy();
      return;
    }
    const outgoing = connect(Number(port), hostname);
    for (const socket of [incoming, outgoing]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    incoming.pipe(outgoing).pipe(incoming);
    incoming.on('close', () => outgoing.destroy());
    outgoing.on('close', () => incoming.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: own } = server.address() as { port: number };
  return {
    endpoint: `http://127.0.0.1:${own}`,
    cut() {
      down = true;
      for (const socket of sockets) socket.resetAndDestroy();
    },
    open() {
      down = false;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
