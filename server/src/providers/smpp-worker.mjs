// Worker entry of providers/smpp-thread.ts: a worker does not take --import from its parent, so
// tsx is registered here before the TypeScript worker is loaded.
import { register } from 'tsx/esm/api';

register();
await import('./smpp-worker.ts');
