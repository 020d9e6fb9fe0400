/**
 * Kamailio's subscriber table as db_text files (the auth_db table of tests/kamailio/kamailio.cfg):
 * the test Kamailio and the demo line of `npm start` read their SIP accounts from here. db_text
 * reloads a table whose file's mtime changed, so rewriting it gives or takes a line at once.
 */
import { renameSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface SipSubscriber {
  user: string;
  realm: string;
  ha1: string;
}

export function writeKamailioSubscribers(dir: string, subscribers: SipSubscriber[]): void {
  // db_text refuses a table whose unused columns are not marked nullable, and auth_db checks the
  // table version (subscriber = 7); either mistake only surfaces as "Authentication Error".
  writeFileSync(path.join(dir, 'version'), 'table_name(string) table_version(int)\nsubscriber:7\n');
  const rows = subscribers.map((s, index) => {
    for (const value of [s.user, s.realm, s.ha1]) {
      if (!/^[\w.+-]+$/.test(value)) throw new Error(`unsafe db_text value: ${value}`);
    }
    return `${index + 1}:${s.user}:${s.realm}::${s.ha1}:\n`;
  });
  const file = path.join(dir, 'subscriber');
  const before = statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  // Written aside and renamed: Kamailio never reads half a table.
  writeFileSync(`${file}.new`, 'id(int,auto) username(string) domain(string) password(string,null) ha1(string) ha1b(string,null)\n' + rows.join(''));
  // db_text compares whole seconds: a rewrite within the same second as the last would go unseen.
  const seconds = Math.max(Math.floor(Date.now() / 1000), Math.floor(before / 1000) + 1);
  utimesSync(`${file}.new`, seconds, seconds);
  renameSync(`${file}.new`, file);
}
