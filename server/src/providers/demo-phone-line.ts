/**
 * The demo phone line of `npm start` in development: a Kamailio on loopback with a demo callee
 * (tests/kamailio/demo-phone.ts, started by scripts/start.mjs). This server gives the demo staff
 * their lines and keeps that Kamailio's subscriber table equal to the SIP accounts of the realm,
 * so a line given or taken in 系统设置 › 电话线路 works at once. Production never has one (config.ts).
 */
import { randomBytes } from 'node:crypto';
import type { SipDemoLine } from '../config';
import { sql, type Queryable } from '../db/database';
import { upsertSipAccount } from '../repositories/call';
import { DEMO_CHAINS } from '../seed/accounts';
import { defaultExtension } from '../../../contracts/rules/phone-line';
import { writeKamailioSubscribers, type SipSubscriber } from './kamailio-subscribers';

/** The phone bar's message when `npm start` found no Kamailio (the same line start.mjs prints). */
export const KAMAILIO_MISSING_NOTICE =
  '网络电话未开通：演示电话线路需要 Kamailio，请安装后重新运行 npm start：sudo apt-get install kamailio kamailio-websocket-modules kamailio-utils-modules';

/** Writes every line of the realm, and the demo callee's, into the demo Kamailio's table. */
export async function syncDemoKamailio(db: Queryable, line: SipDemoLine, realm: string): Promise<void> {
  const lines = await db.rows<SipSubscriber>(sql`SELECT sip_user AS "user", realm, ha1 FROM sip_account WHERE realm = ${realm} ORDER BY sip_user`);
  writeKamailioSubscribers(line.kamailioDir, [{ user: line.calleeUser, realm, ha1: line.calleeHa1 }, ...lines]);
}

/** A demo line's password: nobody types it (the phone bar signs in with HA1), so it is random and dropped. */
export const demoLinePassword = () => randomBytes(16).toString('hex');

/**
 * On the first demo start (no line in the realm yet) every demo account gets one, SIP user 8 + its
 * id (admin 8001); the password is random and dropped (only HA1 is kept, as for any line). Later
 * starts keep what staff gave or took since.
 */
export async function provisionDemoLines(db: Queryable, line: SipDemoLine, realm: string): Promise<void> {
  const [{ lines }] = await db.rows<{ lines: number }>(sql`SELECT count(*)::int AS lines FROM sip_account WHERE realm = ${realm}`);
  if (lines === 0) {
    const usernames = DEMO_CHAINS.flatMap((chain) => chain.users.map((user) => user.username));
    const staff = await db.rows<{ id: string; chainId: string }>(
      sql`SELECT id::text AS id, chain_id::text AS "chainId" FROM app_user WHERE enabled AND username = ANY(${sql.param(usernames)}::text[]) ORDER BY id`,
    );
    for (const user of staff) {
      await upsertSipAccount(db, { garageId: user.chainId, userId: user.id, sipUser: defaultExtension(user.id), realm, password: demoLinePassword() });
    }
  }
  await syncDemoKamailio(db, line, realm);
}
