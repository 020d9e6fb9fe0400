import { describe, expect, it } from 'vitest';
import {
  MOBILE_MESSAGE,
  NAME_OR_MOBILE_MESSAGE,
  checkDate,
  checkImportRow,
  checkMileage,
  checkMobile,
  checkPlate,
  checkTags,
  checkVin,
  headerField,
  mapHeaders,
  plateEnergy,
  problemsText,
  safeCell,
  vinCheckDigit,
} from './import';

describe('手机号', () => {
  it('reads numbers as people type them: spaces, dashes, +86, full-width digits, a number cell', () => {
    for (const typed of ['13812345678', '138 1234 5678', '138-1234-5678', '+86 138 1234 5678', '+86-13812345678', '0086 13812345678', '8613812345678', '１３８１２３４５６７８', 13812345678]) {
      expect(checkMobile(typed), String(typed)).toEqual({ value: '13812345678' });
    }
    expect(checkMobile('19912345678').value).toBe('19912345678');
  });
  it('refuses what is not a mainland mobile, with the rule in Chinese', () => {
    for (const typed of ['12812345678', '1381234567', '138123456789', '0571-88001234', '138abcd5678', '+1 415 555 0100']) {
      expect(checkMobile(typed), typed).toEqual({ problem: { level: 'error', message: MOBILE_MESSAGE } });
    }
    expect(MOBILE_MESSAGE).toBe('手机号格式不正确：应为 11 位，以 13–19 开头');
  });
  it('leaves an empty cell empty', () => {
    expect(checkMobile('  ')).toEqual({});
    expect(checkMobile(null)).toEqual({});
  });
});

describe('车牌号', () => {
  it('accepts blue plates, police, learner, trailer and Hong Kong/Macau plates, normalised', () => {
    expect(checkPlate('浙A12345').value).toBe('浙A12345');
    expect(checkPlate('沪 ad 8k2 7').value).toBe('沪AD8K27');
    expect(checkPlate('京Ｎ·ＨＺ６６８').value).toBe('京NHZ668');
    expect(checkPlate('苏e-3x9y7').value).toBe('苏E3X9Y7');
    expect(checkPlate('浙A1234警').value).toBe('浙A1234警');
    expect(checkPlate('川A2345学').value).toBe('川A2345学');
    expect(checkPlate('鲁B0123挂').value).toBe('鲁B0123挂');
    expect(checkPlate('粤Z1234港').value).toBe('粤Z1234港');
    expect(checkPlate('粤Z5678澳').value).toBe('粤Z5678澳');
  });
  it('accepts green new-energy plates: D/F after the city letter (small) or at the end (large)', () => {
    expect(checkPlate('浙AD12345').value).toBe('浙AD12345');
    expect(checkPlate('粤B12345F').value).toBe('粤B12345F');
    expect(checkPlate('沪af 3 2 1 0 9').value).toBe('沪AF32109');
    expect(checkPlate('粤BDA1234').value).toBe('粤BDA1234');
    expect(plateEnergy('浙AD12345')).toBe('electric');
    expect(plateEnergy('粤B12345F')).toBe('hybrid');
    expect(plateEnergy('粤B12345D')).toBe('electric');
    expect(plateEnergy('浙A12345')).toBe('fuel');
  });
  it('refuses new-energy plates whose D/F is in the wrong place or missing', () => {
    for (const plate of ['浙A123456', '粤BD1234F', '浙AD1234X', '粤B1234F5', '浙AX12345']) {
      expect(checkPlate(plate).problem, plate).toEqual({ level: 'error', message: expect.stringContaining('新能源车牌号格式不正确') });
    }
  });
  it('refuses I and O, unknown provinces, and wrong lengths, saying which', () => {
    expect(checkPlate('浙AI2345').problem?.message).toBe('车牌号不使用字母 I 和 O，请核对是否为数字 1 或 0');
    expect(checkPlate('浙O12345').problem?.message).toMatch(/不使用字母 I 和 O/);
    expect(checkPlate('A12345').problem?.message).toBe('车牌号第 1 位应为省份简称（如 浙、沪、粤），当前为「A」');
    expect(checkPlate('港A12345').problem?.message).toMatch(/省份简称/);
    expect(checkPlate('浙A1234').problem).toEqual({ level: 'error', message: expect.stringContaining('车牌号格式不正确') });
    expect(checkPlate('浙12345').problem?.message).toMatch(/车牌号格式不正确/);
    expect(checkPlate('浙A12345警').problem?.message).toMatch(/车牌号格式不正确/);
    expect(checkPlate('浙A1234港').problem?.message).toMatch(/车牌号格式不正确/); // 港/澳 only on 粤Z
    expect(checkPlate('·').problem?.level).toBe('error');
  });
});

describe('车架号（VIN）', () => {
  it('computes the ISO 3779 check digit (the textbook example ends in X)', () => {
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(vinCheckDigit('LFV2A21K8D4123456')).toBe('8');
  });
  it('accepts VINs with a correct check digit, normalising case, spaces and full width', () => {
    expect(checkVin('LFV2A21K8D4123456')).toEqual({ value: 'LFV2A21K8D4123456' });
    expect(checkVin('lsgpc54uxdf123456')).toEqual({ value: 'LSGPC54UXDF123456' });
    expect(checkVin('LVSH CAMB 1CE1 23456')).toEqual({ value: 'LVSHCAMB1CE123456' });
    expect(checkVin('ＬＦＶ２Ａ２１Ｋ８Ｄ４１２３４５６')).toEqual({ value: 'LFV2A21K8D4123456' });
  });
  it('keeps a VIN whose check digit does not match, with a warning (European-market cars)', () => {
    const european = checkVin('WVWZZZ1JZXW000001');
    expect(european.value).toBe('WVWZZZ1JZXW000001');
    expect(european.problem).toEqual({ level: 'warning', message: expect.stringContaining('第 9 位校验位应为 0，当前为 Z') });
    const typo = checkVin('LFV2A21K0D4123456');
    expect(typo.value).toBe('LFV2A21K0D4123456');
    expect(typo.problem?.level).toBe('warning');
    expect(typo.problem?.message).toMatch(/应为 8，当前为 0/);
  });
  it('refuses wrong lengths and the letters I, O, Q', () => {
    expect(checkVin('LFV2A21K8D412345')).toEqual({ problem: { level: 'error', message: '车架号（VIN）应为 17 位，当前 16 位' } });
    expect(checkVin('LFV2A21K8D41234567').problem?.message).toMatch(/当前 18 位/);
    expect(checkVin('LFV2A21K8D4I23456').problem).toEqual({ level: 'error', message: expect.stringContaining('不使用字母 I、O、Q') });
    expect(checkVin('LFV2A21K8D4O23456').problem?.level).toBe('error');
    expect(checkVin('LFV2A21K8D4Q23456').problem?.level).toBe('error');
    expect(checkVin('LFV2A21K8D4_23456').problem?.message).toMatch(/只能包含数字和字母/);
  });
});

describe('日期', () => {
  it('reads the usual Chinese forms, Excel serial days and exceljs dates as one day', () => {
    for (const typed of ['2026-03-18', '2026/3/18', '2026.3.18', '2026年3月18日', '2026年03月18号', '20260318', 20260318, '46099', 46099, 46099.625, '2026-03-18 10:30', '2026/3/18 9:05:00', '２０２６／３／１８', new Date(Date.UTC(2026, 2, 18))]) {
      expect(checkDate(typed, '上次到店日期'), String(typed)).toEqual({ value: '2026-03-18' });
    }
    expect(checkDate('2024-02-29', '保险到期日').value).toBe('2024-02-29');
    expect(checkDate(45351, '保险到期日').value).toBe('2024-02-29');
  });
  it('refuses days that do not exist and numbers that are no date', () => {
    expect(checkDate('2026-02-30', '保险到期日')).toEqual({ problem: { level: 'error', message: expect.stringMatching(/^保险到期日不是有效日期/) } });
    expect(checkDate('2025年2月29日', '保险到期日').problem?.message).toMatch(/不是有效日期/);
    expect(checkDate('20261318', '保险到期日').problem?.message).toMatch(/不是有效日期/);
    expect(checkDate('2026', '上次到店日期').problem?.message).toMatch(/^上次到店日期无法识别/);
    expect(checkDate('3/18/2026', '上次到店日期').problem?.message).toMatch(/无法识别，如 2026-03-18/);
    expect(checkDate('下周一', '上次到店日期').problem?.level).toBe('error');
    expect(checkDate(new Date(Number.NaN), '上次到店日期').problem?.level).toBe('error');
  });
  it('refuses typing mistakes far in the past or future', () => {
    expect(checkDate('1900-01-01', '上次到店日期').problem?.message).toBe('上次到店日期 1900-01-01 超出合理范围（1950–2100 年），请核对');
    expect(checkDate('2206-09-30', '保险到期日').problem?.message).toMatch(/超出合理范围/);
  });
  it('leaves an empty cell empty', () => {
    expect(checkDate('', '保险到期日')).toEqual({});
  });
});

describe('里程', () => {
  it('reads kilometres with 万, km, 公里 and thousands commas', () => {
    const cases: [string | number, number][] = [
      ['5.6万', 56_000], ['56,000 km', 56_000], ['56000', 56_000], [56000, 56_000], ['12.3万公里', 123_000], ['8万km', 80_000],
      ['1,234,567公里', 1_234_567], ['３２０００ＫＭ', 32_000], ['45000.6', 45_001], ['0', 0], ['5.6w', 56_000],
    ];
    for (const [typed, km] of cases) expect(checkMileage(typed), String(typed)).toEqual({ value: km });
  });
  it('refuses negatives, absurd readings and text that is not a reading', () => {
    expect(checkMileage('-5000')).toEqual({ problem: { level: 'error', message: '里程不能为负数' } });
    expect(checkMileage(-1).problem?.message).toBe('里程不能为负数');
    expect(checkMileage('350万').problem?.message).toBe('里程 3,500,000 公里超出合理范围（最多 3,000,000 公里），请核对');
    expect(checkMileage('300万').value).toBe(3_000_000);
    for (const typed of ['约5万', '五万', '5,6', '1,2345', '56000 miles', '5.6.7']) expect(checkMileage(typed).problem?.message, typed).toMatch(/^里程无法识别/);
  });
});

describe('表头识别', () => {
  it('maps the headers old systems export to fields', () => {
    const cases: [string, string][] = [
      ['姓名', 'name'], ['客户姓名', 'name'], ['车主', 'name'], ['手机号', 'mobile'], ['手机', 'mobile'], ['联系电话', 'mobile'],
      ['车牌号', 'plate'], ['车牌', 'plate'], ['车架号', 'vin'], ['VIN', 'vin'], ['vin码', 'vin'], ['品牌', 'brand'], ['车型', 'series'], ['车系', 'series'],
      ['里程', 'mileage'], ['当前里程', 'mileage'], ['上次到店', 'lastVisitDate'], ['最近到店', 'lastVisitDate'], ['最近到店日期', 'lastVisitDate'],
      ['保险到期', 'insuranceExpiry'], ['保险到期日', 'insuranceExpiry'], ['门店', 'store'], ['所属门店', 'store'], ['标签', 'tags'], ['备注', 'remark'],
    ];
    for (const [header, field] of cases) expect(headerField(header), header).toBe(field);
  });
  it('ignores spaces, case, full width, * and a (选填) marker or unit in brackets', () => {
    expect(headerField(' 手 机 号 ')).toBe('mobile');
    expect(headerField('*手机号')).toBe('mobile');
    expect(headerField('手机号*')).toBe('mobile');
    expect(headerField('车牌号（选填）')).toBe('plate');
    expect(headerField('备注(选填)')).toBe('remark');
    expect(headerField('姓名（必填）*')).toBe('name');
    expect(headerField('ＶＩＮ')).toBe('vin');
    expect(headerField('Vin')).toBe('vin');
    expect(headerField('车架号(VIN)')).toBe('vin');
    expect(headerField('当前里程（公里）')).toBe('mileage');
  });
  it('does not guess at headers it does not know', () => {
    for (const header of ['性别', '消费金额', '', '手机号备注', null, 42]) expect(headerField(header), String(header)).toBeNull();
  });
  it('gives each field to its first column only', () => {
    expect(mapHeaders(['客户姓名', '手机', '联系电话', '车牌号', '性别', '车系', '车型'])).toEqual(['name', 'mobile', null, 'plate', null, 'series', null]);
  });
});

describe('safeCell (formula injection in exports)', () => {
  it('puts an apostrophe before text Excel would run as a formula', () => {
    expect(safeCell('=HYPERLINK("http://evil.example","点我")')).toBe(`'=HYPERLINK("http://evil.example","点我")`);
    expect(safeCell('+86 138')).toBe("'+86 138");
    expect(safeCell('-2+3')).toBe("'-2+3");
    expect(safeCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(safeCell('\t=1+1')).toBe("'\t=1+1");
    expect(safeCell('\r=1+1')).toBe("'\r=1+1");
  });
  it('leaves ordinary text alone', () => {
    for (const text of ['张伟', '浙A12345', '手机号格式不正确', '', ' =1', '1+1']) expect(safeCell(text)).toBe(text);
  });
});

describe('checkImportRow', () => {
  const stores = [{ id: 7, name: '西湖店' }, { id: 8, name: 'Binjiang 店' }];

  it('normalises a good row and imports it', () => {
    const row = checkImportRow(
      {
        name: ' 张伟 ', mobile: '138 1234 5678', plate: '浙a d12345', vin: 'lfv2a21k8d4123456', brand: '大众', series: '朗逸', mileage: '5.6万',
        lastVisitDate: '2026/3/18', insuranceExpiry: 46295, store: 'binjiang店', tags: '老客户，保养; 老客户', remark: '周末到店',
      },
      { stores },
    );
    expect(row).toEqual({
      values: {
        name: '张伟', mobile: '13812345678', plate: '浙AD12345', energyType: 'electric', vin: 'LFV2A21K8D4123456', brand: '大众', series: '朗逸', mileage: 56_000,
        lastVisitDate: '2026-03-18', insuranceExpiry: '2026-09-30', store: { id: 8, name: 'Binjiang 店' }, tags: ['老客户', '保养'], remark: '周末到店',
      },
      problems: [],
      importable: true,
    });
  });

  it('needs a name or a mobile; either alone is enough', () => {
    const empty = checkImportRow({ plate: '浙A12345' });
    expect(empty.importable).toBe(false);
    expect(empty.problems).toEqual([{ field: 'name', level: 'error', message: NAME_OR_MOBILE_MESSAGE }]);
    expect(checkImportRow({ name: '李娜' }).importable).toBe(true);
    expect(checkImportRow({ mobile: '13912345678' }).importable).toBe(true);
  });

  it('keeps a row with a malformed mobile or plate out, saying why', () => {
    const row = checkImportRow({ name: '王芳', mobile: '1381234567', plate: '浙AI2345' });
    expect(row.importable).toBe(false);
    expect(row.problems.map((problem) => [problem.field, problem.level])).toEqual([['mobile', 'error'], ['plate', 'error']]);
    expect(problemsText(row.problems)).toBe('手机号格式不正确：应为 11 位，以 13–19 开头；车牌号不使用字母 I 和 O，请核对是否为数字 1 或 0');
    expect(row.values).toEqual({ name: '王芳' });
  });

  it('imports a row whose only problem is the VIN check digit, with a note', () => {
    const row = checkImportRow({ name: '刘洋', mobile: '13712345678', plate: '粤B12345F', vin: 'WVWZZZ1JZXW000001' });
    expect(row.importable).toBe(true);
    expect(row.values).toMatchObject({ vin: 'WVWZZZ1JZXW000001', plate: '粤B12345F', energyType: 'hybrid' });
    expect(row.problems).toEqual([{ field: 'vin', level: 'warning', message: expect.stringContaining('校验位') }]);
  });

  it('keeps a row out when another cell cannot be read, rather than dropping what was typed', () => {
    expect(checkImportRow({ name: '赵磊', mileage: '-300' }).problems).toEqual([{ field: 'mileage', level: 'error', message: '里程不能为负数' }]);
    expect(checkImportRow({ name: '赵磊', insuranceExpiry: '2026-02-30' }).importable).toBe(false);
    expect(checkImportRow({ name: '赵磊', vin: 'LFV2A21K8D412345' }).importable).toBe(false);
    expect(checkImportRow({ name: '赵磊', store: '断桥店' }, { stores }).problems[0].message).toBe('门店「断桥店」不存在或不在你的数据范围内');
    expect(checkImportRow({ name: '赵'.repeat(33) }).problems[0].message).toBe('姓名不能超过 32 个字');
    expect(checkImportRow({ name: '赵磊', tags: '这是一个非常非常长的标签名称' }).problems[0].message).toMatch(/^标签「这是一个非常非常长的标签名称」超过 12 个字$/);
  });

  it('passes the store name through when the caller does not match stores itself', () => {
    expect(checkImportRow({ name: '孙丽', store: ' 西湖店 ' }).values.store).toBe('西湖店');
  });

  it('cleans text cells: folded spaces, no control characters, remark keeps its lines', () => {
    const row = checkImportRow({ name: '欧阳\u0000 娜娜', remark: '第一行\n第二行', brand: '  上汽\t大众 ' });
    expect(row.values).toEqual({ name: '欧阳 娜娜', remark: '第一行\n第二行', brand: '上汽 大众' });
  });
});
