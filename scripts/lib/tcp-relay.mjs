import net from 'node:net';

/**
 * A TCP relay on 127.0.0.1 to `target` ({ host, port }): the network between a client and a server, in the hands
 * of a test or a script. `cut()` drops every open connection and refuses new ones until `restore()`, as a
 * partition or a restarted server would. `wire(client, upstream)` joins each accepted connection to its own
 * connection to the target; by default the bytes pass both ways unchanged.
 */
export async function startTcpRelay(target, { wire = passThrough } = {}) {
  const open = new Set();
  let cut = false;
  const server = net.createServer((client) => {
    if (cut) return client.destroy();
    const upstream = net.connect(target.port, target.host);
    // Either side's end or failure ends the other.
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('error', end).on('close', () => {
        open.delete(socket);
        end();
      });
    }
    wire(client, upstream);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  // The relay alone keeps no process alive: a script exits once its own work is done.
  server.unref();
  const { port } = server.address();
  return {
    port,
    through(url) {
      const relayed = new URL(url);
      relayed.host = `127.0.0.1:${port}`;
      return relayed.toString();
    },
    cut() {
      cut = true;
      for (const socket of open) socket.destroy();
    },
    restore() {
      cut = false;
    },
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function passThrough(client, upstream) {
  client.pipe(upstream);
  upstream.pipe(client);
}
