/**
 * `npm run ledger:adjust -- --chain 1 --kind minutes --change 300 --by "运营 王芳" --why "线路故障补偿"`
 * (`--change=-N` takes away, `--to N` sets the balance it becomes): an operator's 管理员调整 of a
 * chain's SMS credits (`sms`) or call minutes (`minutes`), the only change outside paid orders,
 * refunds and billing (issue 31). It is recorded on the ledger with who and why, shown in 余额变动, and refused unless
 * LEDGER_ADJUSTMENTS is on, which production leaves off unless set.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { adjustBalance, type Adjustment } from './repositories/ledger';
import { LEDGER_KINDS, LEDGER_NAMES, LEDGER_UNITS, type LedgerKind } from '../../contracts/rules/mall';

const whole = (value: string | undefined, name: string): number | undefined => {
  if (value === undefined) return undefined;
  if (!/^[+-]?\d{1,9}$/.test(value)) throw new Error(`--${name} 必须是整数`);
  return Number(value);
};

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { chain: { type: 'string' }, kind: { type: 'string' }, change: { type: 'string' }, to: { type: 'string' }, by: { type: 'string' }, why: { type: 'string' } },
  });
  const kind = values.kind as LedgerKind;
  if (!(LEDGER_KINDS as readonly string[]).includes(kind)) throw new Error(`--kind 必须是 ${LEDGER_KINDS.join(' 或 ')}`);
  const adjustment: Adjustment = {
    chainId: whole(values.chain, 'chain') ?? Number.NaN,
    kind,
    change: whole(values.change, 'change'),
    to: whole(values.to, 'to'),
    by: values.by ?? '',
    why: values.why ?? '',
  };
  if (!Number.isInteger(adjustment.chainId)) throw new Error('请用 --chain 指定连锁编号');
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite'), timeZone: config.timeZone });
  try {
    const done = await adjustBalance(db, adjustment, config.ledgerAdjustments);
    console.log(`连锁 ${adjustment.chainId} 的${LEDGER_NAMES[kind]}：变动 ${done.changed}，现为 ${done.balance} ${LEDGER_UNITS[kind]}`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(`未调整：${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
