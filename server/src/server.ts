/** Starts the server: configuration from the environment, then listen. */
import { loadConfig } from './config';
import { buildApp } from './app';

const config = loadConfig();
const app = await buildApp(config);
await app.listen({ port: config.port, host: config.host });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    // PGlite must close cleanly, or its next open of the data folder has to recover.
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
