// Graceful stop of an HTTP server: refuse new connections, let in-flight requests finish, then cut the rest.
import type { Server } from 'node:http';

/**
 * Stops accepting connections and resolves once every open request finished, or once
 * `timeoutMs` passed, after which remaining connections are destroyed (`forced: true`).
 */
export function closeGracefully(server: Server, timeoutMs: number): Promise<{ forced: boolean }> {
  return new Promise((resolve, reject) => {
    let forced = false;
    // Keep-alive sockets become idle after their last response; close them as they do.
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    const deadline = setTimeout(() => {
      forced = true;
      server.closeAllConnections();
    }, timeoutMs);
    server.close((error) => {
      clearInterval(sweep);
      clearTimeout(deadline);
      if (error && (error as NodeJS.ErrnoException).code !== 'ERR_SERVER_NOT_RUNNING') reject(error);
      else resolve({ forced });
    });
    server.closeIdleConnections();
  });
}
