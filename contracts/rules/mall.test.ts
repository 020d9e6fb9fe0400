import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  allowanceOf, ALLOWANCES, EDITION_CODES, EDITION_FEATURE_INFO, EDITION_FEATURES, editionState, featureRefusal, FEATURE_MATRIX, GRACE_DAYS, importRowsRefusal, isTaxId,
  ledgerRefName, proRatedUpgradeFen, quote, QuoteRefusal, renewedUntil, type Holding,
} from './mall';
import { IMPORT_LIMITS } from './import-task';

const holding = (edition: Holding['edition'], storeCount = 3): Holding => ({ edition, addOns: {}, storeCount });

describe('renewal and upgrade prices', () => {
  it('renewal adds whole years to the later of today and the current expiry', () => {
    expect(renewedUntil('2026-12-31', '2026-11-23', 1)).toBe('2027-12-31');
    expect(renewedUntil('2026-01-31', '2026-11-23', 1)).toBe('2027-11-22');
    expect(renewedUntil(null, '2026-11-23', 2)).toBe('2028-11-22');
  });
  it('upgrade pays the yearly difference for every store over the days left, in whole fen', () => {
    // 专业版 → 旗舰版: 300,000 fen/store/year × 3 stores × 39 days (today included) / 365
    expect(proRatedUpgradeFen(398_000, 698_000, 3, '2026-11-23', '2026-12-31')).toBe(Math.round((300_000 * 3 * 39) / 365));
    expect(Number.isInteger(proRatedUpgradeFen(398_000, 698_000, 7, '2026-01-01', '2026-05-17'))).toBe(true);
    const upgrade = quote('edition.flagship', holding({ code: 'pro', expiresOn: '2026-12-31' }), '2026-11-23');
    expect(upgrade.kind).toBe('upgrade');
    expect(upgrade.effectiveUntil).toBe('2026-12-31');
    expect(upgrade.amountFen).toBe(96_164);
  });
  it('renewing the same edition is priced per store and year; a downgrade while it runs is refused', () => {
    const renew = quote('edition.pro', holding({ code: 'pro', expiresOn: '2026-12-31' }), '2026-11-23', { years: 2 });
    expect(renew).toMatchObject({ kind: 'renew', amountFen: 398_000 * 3 * 2, effectiveUntil: '2028-12-31' });
    expect(() => quote('edition.basic', holding({ code: 'pro', expiresOn: '2026-12-31' }), '2026-11-23')).toThrow(/不能降级/);
    // After expiry any edition may be chosen, from today.
    expect(quote('edition.basic', holding({ code: 'pro', expiresOn: '2026-01-01' }), '2026-11-23')).toMatchObject({ kind: 'new', effectiveUntil: '2027-11-22' });
    expect(() => quote('edition.pro', holding(null), '2026-11-23', { years: 4 })).toThrow(QuoteRefusal);
    expect(() => quote('sms.7', holding(null), '2026-11-23')).toThrow(/没有这个商品/);
    expect(() => quote('addon.sms', holding(null), '2026-11-23')).toThrow('短信营销无年费，购买短信包即可使用');
  });
  it('packages multiply by quantity and credit their ledger', () => {
    expect(quote('sms.5000', holding(null), '2026-11-23', { quantity: 3 })).toMatchObject({ amountFen: 97_500, ledger: 'sms', ledgerAmount: 15_000 });
  });
});

describe('edition state', () => {
  it('runs until its last day, then is read-only for the grace days, then locked', () => {
    expect(editionState('2026-11-23', '2026-11-23')).toBe('active');
    expect(editionState('2026-11-22', '2026-11-23')).toBe('grace');
    expect(editionState('2026-11-08', '2026-11-23')).toBe(GRACE_DAYS === 15 ? 'grace' : 'locked');
    expect(editionState('2026-11-07', '2026-11-23')).toBe('locked');
    expect(editionState(null, '2026-11-23')).toBe('none');
  });
});

describe('纳税人识别号', () => {
  it('checks the credit code check character; accepts old 15/20 character numbers', () => {
    expect(isTaxId('914403001922038216')).toBe(true);
    expect(isTaxId('914403001922038217')).toBe(false);
    expect(isTaxId('330106123456789')).toBe(true);
    expect(isTaxId('1234')).toBe(false);
  });
});

describe('what caused a ledger change, in words', () => {
  it('names orders, SMS campaigns (also their refunds) and calls; keys it does not know stay unsaid', () => {
    expect(ledgerRefName('order:M202611270001')).toBe('订单 M202611270001');
    expect(ledgerRefName('sms:campaign:7', '双十一保养提醒')).toBe('短信群发「双十一保养提醒」');
    expect(ledgerRefName('sms:campaign:7#unused', '双十一保养提醒')).toBe('短信群发「双十一保养提醒」');
    expect(ledgerRefName('sms:campaign:7#0b6f1c2e-5d1a-4f7e-9a51-3c2d8e9f0a11')).toBe('短信群发 #7');
    expect(ledgerRefName('call:12')).toBe('通话记录 #12');
    expect(ledgerRefName('welcome')).toBe('');
    expect(ledgerRefName('sms:demo-campaign')).toBe('');
    expect(ledgerRefName('')).toBe('');
  });
});

describe('what each edition includes (issue 33)', () => {
  it('generates the price list from ALLOWANCES: a feature is listed for exactly the editions that include it', () => {
    for (const feature of EDITION_FEATURES) {
      const row = FEATURE_MATRIX.find((each) => each.code === feature)!;
      for (const code of EDITION_CODES) expect(row.editions[code], `${feature} ${code}`).toBe(ALLOWANCES[code].features.includes(feature));
    }
    const rows = FEATURE_MATRIX.find((each) => each.code === 'import')!;
    for (const code of EDITION_CODES) expect(rows.editions[code]).toBe(`每个文件 ${ALLOWANCES[code].importRows.toLocaleString('en-US')} 行`);
    // No edition promises more rows than the reader takes at all.
    expect(Math.max(...EDITION_CODES.map((code) => ALLOWANCES[code].importRows))).toBe(IMPORT_LIMITS.maxRows);
  });

  it('names the edition in every refusal, and what to upgrade to', () => {
    expect(featureRefusal('big_screen', 'pro')).toBe('「智慧大屏」是旗舰版的功能，本连锁当前为专业版：请在 价格商城 升级后使用');
    expect(importRowsRefusal('basic')).toBe('文件超过 20,000 行：基础版每个文件最多导入 20,000 行，请拆分成多个文件分批导入，或在 价格商城 升级到专业版（每个文件 200,000 行）');
    expect(importRowsRefusal('flagship')).toBe('文件超过 200,000 行：旗舰版每个文件最多导入 200,000 行，请拆分成多个文件分批导入');
    // A chain made before the mall has no edition and is not limited.
    expect(allowanceOf(null)).toBe(ALLOWANCES.flagship);
  });

  it('keeps the README’s figures those of the table', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const years = (days: number) => (days < 365 ? `${days} days` : days === 365 ? '1 year' : `${days / 365} years`);
    const flagshipOnly = EDITION_FEATURES.filter((feature) => EDITION_CODES.every((code) => ALLOWANCES[code].features.includes(feature) === (code === 'flagship')));
    expect(readme).toContain(
      `${flagshipOnly.map((feature) => EDITION_FEATURE_INFO[feature].name).join(' and ')} are 旗舰版's, ` +
        `rows per import file ${EDITION_CODES.map((code) => ALLOWANCES[code].importRows.toLocaleString('en-US')).join(' / ')}, ` +
        `操作日志 readable ${EDITION_CODES.map((code) => years(ALLOWANCES[code].auditDays)).join(' / ')}`,
    );
  });
});
