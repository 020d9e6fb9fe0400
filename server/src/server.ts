/** Starts the server: configuration from the environment, then listen. */
import { pgliteWasm } from './db/pglite-wasm';

// PGlite's WebAssembly compiles on the other core while the rest of the server loads (issue 32).
if (!process.env.DATABASE_URL) pgliteWasm().catch(() => undefined); // a failure is thrown again where it is awaited
const [{ loadConfig }, { buildApp }, { ProductionRefusal }] = await Promise.all([import('./config'), import('./app'), import('./production')]);

let app: Awaited<ReturnType<typeof buildApp>>;
try {
  const config = loadConfig();
  app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  // A refusal is an instruction for the operator, not a crash: the message alone, no stack.
  if (error instanceof ProductionRefusal) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    // PGlite must close cleanly, or its next open of the data folder has to recover.
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
