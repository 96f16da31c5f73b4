// The API process of `pnpm bench:streams` on the embedded database: the real server, as `node api/src/server.ts`
// starts it, that also runs the load script's statements sent over IPC (nothing else can open the embedded database
// while the server holds it). Its CPU then includes the database's work, as an embedded start's does.
import { loadConfig } from '../../api/src/config.ts';
import { startServer } from '../../api/src/server.ts';

interface Statement {
  id: number;
  sql: string;
  params: unknown[];
}

const running = await startServer({ config: loadConfig() });
process.on('message', (message: Statement) => {
  running.orm.em
    .fork()
    .execute(message.sql, message.params)
    .then(
      (rows) => process.send?.({ id: message.id, rows }),
      (error: unknown) => process.send?.({ id: message.id, error: String(error) }),
    );
});
process.on('SIGTERM', () => {
  running.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
console.log(`API listening on ${running.url}`);
