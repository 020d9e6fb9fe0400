/**
 * `npm start`'s first step on a new data folder, run beside the front-end build: migrations and the
 * demo chain, so the server itself then starts in a second or two. Prints one line per step.
 */
import { loadConfig } from './config';
import { openConfiguredDatabase, prepareDatabase } from './plugins/database';

const config = loadConfig();
const db = await openConfiguredDatabase(config);
try {
  await prepareDatabase(db, config, { info: (obj, msg) => console.log(`  ${typeof obj === 'string' ? obj : (msg ?? '')}`) });
} finally {
  await db.close();
}
