import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, auditActionName } from './audit';

const serverSource = path.resolve(import.meta.dirname, '../../server/src');

/**
 * Every action code the server's code writes to the audit log: the dotted literals (`import.start`,
 * `sms.campaign.create`) on the lines that write an entry (`action: …`, `audit(tx, request, '…'`).
 * The type of writeAudit already refuses a code without a name; this also catches a cast.
 */
function writtenCodes(): Set<string> {
  const codes = new Set<string>();
  for (const file of readdirSync(serverSource, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    for (const line of readFileSync(path.join(serverSource, file), 'utf8').split('\n')) {
      if (!/audit|action/i.test(line)) continue;
      for (const [, code] of line.matchAll(/'([a-z][A-Za-z]*(?:\.[A-Za-z-]+)+)'/g)) codes.add(code!);
    }
  }
  return codes;
}

describe('操作日志 action names', () => {
  const written = writtenCodes();

  it('names in Chinese every action the server writes (import.start, sms.campaign.create…)', () => {
    expect(written.size).toBeGreaterThan(50);
    expect(written).toContain('import.start');
    expect(written).toContain('sms.campaign.create');
    const unnamed = [...written].filter((code) => !Object.hasOwn(AUDIT_ACTIONS, code));
    expect(unnamed).toEqual([]);
    for (const code of written) expect(auditActionName(code), code).toMatch(/^[\u4e00-\u9fa5]/);
  });

  it('has no name for an action nobody writes any more', () => {
    expect(Object.keys(AUDIT_ACTIONS).filter((code) => !written.has(code))).toEqual([]);
  });

  it('shows an entry stored before its code had a name as it was stored', () => {
    expect(auditActionName('import.start')).toBe('开始批量导入');
    expect(auditActionName('设置专属顾问')).toBe('设置专属顾问');
  });
});
