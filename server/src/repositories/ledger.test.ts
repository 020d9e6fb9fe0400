/**
 * The ledger is the one place that moves SMS credits and call minutes (issue 31): no other server
 * file writes the ledger tables, and each movement is imported only by the code of its cause — a
 * route can read balances but has nothing to call that adds to one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const serverSrc = path.resolve(import.meta.dirname, '..');
const sources = (readdirSync(serverSrc, { recursive: true }) as string[])
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'))
  .map((file) => ({ file: file.split(path.sep).join('/'), text: readFileSync(path.join(serverSrc, file), 'utf8') }));

/** Who may import each movement: the code of its cause (and the demo seed, never run in production). */
const MOVERS: Record<string, RegExp> = {
  creditPaidOrder: /^(repositories\/mall|seed\/mall)\.ts$/,
  billCall: /^repositories\/call\.ts$/,
  reserve: /^(sms\/campaign|seed\/(sms|mall))\.ts$/,
  charge: /^sms\/campaign\.ts$/,
  refund: /^sms\/campaign\.ts$/,
  adjustBalance: /^(ledger-cli|seed\/call)\.ts$/,
};
const READS = new Set(['balanceOf', 'ledgerEntries', 'InsufficientBalance', 'LedgerAdjustmentsOff', 'Adjustment', 'Change']);

describe('the ledger is the one place that moves balances', () => {
  it('no other server file writes the ledger tables (the demo seed only back-dates its rows)', () => {
    const writers = sources.filter(({ file, text }) => {
      if (file === 'repositories/ledger.ts') return false;
      const writes = text.match(/\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM|TRUNCATE)\s+ledger_(account|entry)\b[^`]*/gi) ?? [];
      return writes.some((write) => !(file.startsWith('seed/') && /^UPDATE\s+ledger_entry\s+SET\s+created_at\b/i.test(write)));
    });
    expect(writers.map(({ file }) => file)).toEqual([]);
    expect(sources.find(({ file }) => file === 'repositories/ledger.ts')?.text).toMatch(/UPDATE ledger_account SET balance/);
  });

  it('routes and plugins only read balances; each movement is imported by its cause alone', () => {
    const misuse: string[] = [];
    for (const { file, text } of sources) {
      for (const [, names] of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'[./]*(?:repositories\/)?ledger'/g)) {
        for (const name of names!.split(',').map((part) => part.replace(/^\s*type\s+/, '').trim()).filter(Boolean)) {
          if (READS.has(name)) continue;
          if (!MOVERS[name]?.test(file)) misuse.push(`${file}: ${name}`);
        }
      }
    }
    expect(misuse).toEqual([]);
    // The sanity of the scan itself: the mall's fulfilment is found importing its movement.
    expect(sources.find(({ file }) => file === 'repositories/mall.ts')?.text).toMatch(/import \{[^}]*creditPaidOrder[^}]*\} from '\.\/ledger'/);
  });
});
