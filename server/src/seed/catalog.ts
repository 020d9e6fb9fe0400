/** What the demo data is made of: Chinese names, phone prefixes, plates, brands and models. */
import type { Random } from './random';

const SURNAMES: readonly (readonly [string, number])[] = [
  ['王', 72], ['李', 70], ['张', 68], ['刘', 54], ['陈', 46], ['杨', 32], ['黄', 24], ['赵', 22], ['吴', 21], ['周', 21],
  ['徐', 17], ['孙', 16], ['马', 15], ['朱', 14], ['胡', 13], ['郭', 12], ['何', 12], ['林', 11], ['高', 11], ['罗', 10],
  ['郑', 10], ['梁', 9], ['谢', 8], ['宋', 7], ['唐', 7], ['许', 7], ['韩', 6], ['冯', 6], ['邓', 6], ['曹', 6],
  ['彭', 5], ['曾', 5], ['肖', 5], ['田', 5], ['董', 5], ['潘', 4], ['袁', 4], ['蔡', 4], ['蒋', 4], ['余', 4],
  ['于', 4], ['杜', 4], ['叶', 4], ['程', 4], ['魏', 3], ['苏', 3], ['吕', 3], ['丁', 3], ['任', 3], ['沈', 3],
  ['姚', 3], ['卢', 3], ['钟', 3], ['姜', 3], ['崔', 2], ['谭', 2], ['陆', 2], ['范', 2], ['汪', 2], ['金', 2],
  ['石', 2], ['廖', 2], ['贾', 2], ['夏', 2], ['韦', 2], ['方', 2], ['邹', 2], ['熊', 2], ['孟', 2], ['秦', 2],
  ['邱', 2], ['江', 2], ['尹', 2], ['薛', 2], ['欧阳', 1], ['诸葛', 0.3], ['司马', 0.3], ['上官', 0.3],
];
const MALE_CHARS = '伟强磊军洋勇杰涛明超刚平辉鹏华飞鑫波斌宇浩凯健俊帆帅旭宁龙林欢阳建国峰亮成志军文博睿晨轩泽宏振海';
const FEMALE_CHARS = '芳娜敏静丽艳娟霞秀英慧莹雪琳晶燕红玲婷倩颖佳欣怡雯璐瑶琪丹萍洁梅蕾薇悦彤曦菲岚妍';

export function chineseName(random: Random, gender: 'M' | 'F'): string {
  const surname = random.weighted(SURNAMES);
  const chars = gender === 'M' ? MALE_CHARS : FEMALE_CHARS;
  const given = random.chance(0.7) ? random.pick([...chars]) + random.pick([...chars]) : random.pick([...chars]);
  return surname + given;
}

const MOBILE_PREFIXES = [
  '130', '131', '132', '133', '134', '135', '136', '137', '138', '139', '150', '151', '152', '153', '155', '156', '157',
  '158', '159', '166', '173', '175', '176', '177', '178', '180', '181', '182', '183', '184', '185', '186', '187', '188',
  '189', '191', '198', '199',
];

export function mobileNumber(random: Random): string {
  return random.pick(MOBILE_PREFIXES) + String(random.int(0, 99_999_999)).padStart(8, '0');
}

const PLATE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const PLATE_CHARS = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/**
 * Blue plates: province, city letter, 5 characters (at most two letters).
 * Green new-energy plates (GA 36-2018, 8 characters): province, city letter, D (battery electric)
 * or F (hybrid), one letter or digit, four digits.
 */
export function plateNumber(random: Random, prefix: string, energy: 'fuel' | 'electric' | 'hybrid'): string {
  const digit = () => String(random.int(0, 9));
  if (energy !== 'fuel') {
    return `${prefix}${energy === 'electric' ? 'D' : 'F'}${random.pick([...PLATE_CHARS])}${digit()}${digit()}${digit()}${digit()}`;
  }
  const chars = Array.from({ length: 5 }, digit);
  const letters = random.weighted([[0, 30], [1, 55], [2, 15]] as const);
  for (let i = 0; i < letters; i++) chars[random.int(0, 4)] = random.pick([...PLATE_LETTERS]);
  return prefix + chars.join('');
}

export interface SeriesInfo {
  series: string;
  energy: 'fuel' | 'electric' | 'hybrid';
  /** Class of spend: economy, mid, luxury. */
  tier: 'economy' | 'mid' | 'luxury';
  models: string[];
}

export interface BrandInfo {
  brand: string;
  /** World manufacturer identifier of its Chinese joint venture. */
  wmi: string;
  weight: number;
  series: SeriesInfo[];
}

export const BRANDS: BrandInfo[] = [
  { brand: '大众', wmi: 'LSV', weight: 16, series: [
    { series: '朗逸', energy: 'fuel', tier: 'economy', models: ['1.5L 自动舒适版', '1.5L 自动视野版', '280TSI DSG 满逸版'] },
    { series: '帕萨特', energy: 'fuel', tier: 'mid', models: ['330TSI 精英版', '380TSI 旗舰版'] },
    { series: '途观L', energy: 'fuel', tier: 'mid', models: ['330TSI 两驱智享版', '380TSI 四驱R-Line'] },
  ] },
  { brand: '大众', wmi: 'LFV', weight: 10, series: [
    { series: '速腾', energy: 'fuel', tier: 'economy', models: ['200TSI DSG 飞越版', '280TSI DSG 超越版'] },
    { series: '迈腾', energy: 'fuel', tier: 'mid', models: ['330TSI DSG 领先型', '380TSI DSG 豪华型'] },
    { series: 'ID.4 CROZZ', energy: 'electric', tier: 'mid', models: ['PURE+ 长续航版', 'PRIME 四驱版'] },
  ] },
  { brand: '丰田', wmi: 'LVG', weight: 12, series: [
    { series: '凯美瑞', energy: 'hybrid', tier: 'mid', models: ['2.0E 精英版', '双擎 2.5HS 锋尚版'] },
    { series: '汉兰达', energy: 'fuel', tier: 'mid', models: ['2.0T 四驱豪华版'] },
    { series: '雷凌', energy: 'fuel', tier: 'economy', models: ['185T CVT 进取版', '双擎 1.8H 豪华版'] },
  ] },
  { brand: '丰田', wmi: 'LFM', weight: 8, series: [
    { series: '卡罗拉', energy: 'fuel', tier: 'economy', models: ['1.2T S-CVT 精英版', '双擎 1.8L 先锋版'] },
    { series: 'RAV4荣放', energy: 'fuel', tier: 'mid', models: ['2.0L CVT 两驱都市版', '2.0L CVT 四驱风尚版'] },
  ] },
  { brand: '本田', wmi: 'LHG', weight: 10, series: [
    { series: '雅阁', energy: 'fuel', tier: 'mid', models: ['260TURBO 精英版', '锐·混动 2.0L 领先版'] },
    { series: '飞度', energy: 'fuel', tier: 'economy', models: ['1.5L CVT 潮跑版'] },
  ] },
  { brand: '本田', wmi: 'LVH', weight: 7, series: [
    { series: '思域', energy: 'fuel', tier: 'economy', models: ['240TURBO CVT 劲擎版'] },
    { series: 'CR-V', energy: 'fuel', tier: 'mid', models: ['240TURBO CVT 两驱舒适版', '锐·混动 2.0L 四驱尊耀版'] },
  ] },
  { brand: '日产', wmi: 'LGB', weight: 9, series: [
    { series: '轩逸', energy: 'fuel', tier: 'economy', models: ['1.6L XL CVT 悦享版', 'e-POWER 超智联 Pro'] },
    { series: '天籁', energy: 'fuel', tier: 'mid', models: ['2.0L XL 舒适版'] },
    { series: '奇骏', energy: 'fuel', tier: 'mid', models: ['VC-Turbo 300 CVT 两驱豪华版'] },
  ] },
  { brand: '别克', wmi: 'LSG', weight: 7, series: [
    { series: '英朗', energy: 'fuel', tier: 'economy', models: ['1.5L CVT 精英型'] },
    { series: '君越', energy: 'fuel', tier: 'mid', models: ['652T 豪华型'] },
    { series: 'GL8', energy: 'fuel', tier: 'mid', models: ['ES陆尊 653T 豪华型'] },
  ] },
  { brand: '宝马', wmi: 'LBV', weight: 6, series: [
    { series: '3系', energy: 'fuel', tier: 'luxury', models: ['325Li M运动套装', '320Li 豪华套装'] },
    { series: '5系', energy: 'fuel', tier: 'luxury', models: ['530Li 领先型 豪华套装'] },
    { series: 'X3', energy: 'fuel', tier: 'luxury', models: ['xDrive30i 领先型 M曜夜套装'] },
  ] },
  { brand: '奔驰', wmi: 'LE4', weight: 6, series: [
    { series: 'C级', energy: 'fuel', tier: 'luxury', models: ['C 260 L 运动版'] },
    { series: 'E级', energy: 'fuel', tier: 'luxury', models: ['E 300 L 时尚型'] },
    { series: 'GLC', energy: 'fuel', tier: 'luxury', models: ['GLC 260 L 4MATIC 动感型'] },
  ] },
  { brand: '奥迪', wmi: 'LFV', weight: 5, series: [
    { series: 'A4L', energy: 'fuel', tier: 'luxury', models: ['40 TFSI 时尚动感型'] },
    { series: 'A6L', energy: 'fuel', tier: 'luxury', models: ['45 TFSI 臻选动感型'] },
    { series: 'Q5L', energy: 'fuel', tier: 'luxury', models: ['40 TFSI 豪华动感型'] },
  ] },
  { brand: '比亚迪', wmi: 'LGX', weight: 12, series: [
    { series: '秦PLUS', energy: 'hybrid', tier: 'economy', models: ['DM-i 55KM 领先型', 'DM-i 120KM 卓越型'] },
    { series: '汉', energy: 'electric', tier: 'mid', models: ['EV 610KM 四驱旗舰型', 'EV 506KM 尊贵型'] },
    { series: '宋PLUS', energy: 'hybrid', tier: 'mid', models: ['DM-i 110KM 旗舰型'] },
    { series: '海豚', energy: 'electric', tier: 'economy', models: ['405KM 自由版'] },
    { series: '元PLUS', energy: 'electric', tier: 'economy', models: ['510KM 旗舰型'] },
  ] },
  { brand: '特斯拉', wmi: 'LRW', weight: 6, series: [
    { series: 'Model 3', energy: 'electric', tier: 'mid', models: ['后轮驱动版', '长续航全轮驱动版'] },
    { series: 'Model Y', energy: 'electric', tier: 'mid', models: ['后轮驱动版', '长续航全轮驱动版'] },
  ] },
  { brand: '吉利', wmi: 'LB3', weight: 7, series: [
    { series: '帝豪', energy: 'fuel', tier: 'economy', models: ['1.5L CVT 豪华型'] },
    { series: '博越L', energy: 'fuel', tier: 'economy', models: ['2.0TD DCT 旗舰型'] },
    { series: '星越L', energy: 'fuel', tier: 'mid', models: ['2.0TD 高功 四驱旗舰型'] },
  ] },
  { brand: '长安', wmi: 'LS5', weight: 5, series: [
    { series: 'CS75 PLUS', energy: 'fuel', tier: 'economy', models: ['1.5T 自动尊贵型'] },
    { series: '逸动', energy: 'fuel', tier: 'economy', models: ['1.6L 自动精英型'] },
  ] },
  { brand: '理想', wmi: 'LW4', weight: 3, series: [
    { series: 'L7', energy: 'hybrid', tier: 'luxury', models: ['Pro', 'Max'] },
  ] },
  { brand: '蔚来', wmi: 'LJ1', weight: 2, series: [
    { series: 'ES6', energy: 'electric', tier: 'luxury', models: ['75kWh 标准续航版'] },
  ] },
  { brand: '哈弗', wmi: 'LGW', weight: 5, series: [
    { series: 'H6', energy: 'fuel', tier: 'economy', models: ['1.5T 自动 Pro', '2.0T 自动 Max'] },
  ] },
];

export const COLOURS: readonly (readonly [string, number])[] = [
  ['白色', 34], ['黑色', 24], ['灰色', 14], ['银色', 10], ['蓝色', 7], ['红色', 5], ['棕色', 3], ['绿色', 2], ['黄色', 1],
];

export const SOURCES: readonly (readonly [string, number])[] = [
  ['自然到店', 35], ['老客介绍', 18], ['美团点评', 12], ['抖音', 8], ['企业微信', 8], ['保险续保', 10], ['线上预约', 9],
];

export const LEVELS: readonly (readonly [string, number])[] = [['普通', 55], ['银卡', 25], ['金卡', 14], ['钻石', 6]];

export const INSURERS = ['中国人保', '平安保险', '太平洋保险', '中华联合', '大地保险', '阳光保险', '人寿财险'];


export interface ServiceItem {
  name: string;
  kind: 'maintenance' | 'repair';
  /** Labour price at an independent shop, yuan. */
  labour: number;
  parts: { code: string; name: string; price: number }[];
  /** Electric cars have no engine oil, spark plugs or gearbox oil changes. */
  fuelOnly?: boolean;
}

export const SERVICE_ITEMS: ServiceItem[] = [
  { name: '小保养（机油+机滤）', kind: 'maintenance', labour: 80, fuelOnly: true, parts: [{ code: 'ENGINE_OIL', name: '全合成机油 4L', price: 328 }, { code: 'OIL_FILTER', name: '机油滤清器', price: 45 }] },
  { name: '更换空气滤芯', kind: 'maintenance', labour: 30, fuelOnly: true, parts: [{ code: 'AIR_FILTER', name: '空气滤清器', price: 68 }] },
  { name: '更换空调滤芯', kind: 'maintenance', labour: 30, parts: [{ code: 'CABIN_FILTER', name: '空调滤清器', price: 78 }] },
  { name: '更换火花塞', kind: 'maintenance', labour: 120, fuelOnly: true, parts: [{ code: 'SPARK_PLUG', name: '铱金火花塞 ×4', price: 360 }] },
  { name: '更换刹车油', kind: 'maintenance', labour: 100, parts: [{ code: 'BRAKE_FLUID', name: 'DOT4 刹车油 1L', price: 88 }] },
  { name: '更换防冻液', kind: 'maintenance', labour: 100, parts: [{ code: 'COOLANT', name: '长效防冻液 4L', price: 150 }] },
  { name: '更换变速箱油', kind: 'maintenance', labour: 200, fuelOnly: true, parts: [{ code: 'GEAR_OIL', name: '自动变速箱油 6L', price: 540 }] },
  { name: '四轮定位', kind: 'maintenance', labour: 168, parts: [] },
  { name: '更换前刹车片', kind: 'repair', labour: 150, parts: [{ code: 'BRAKE_PAD_FRONT', name: '前刹车片', price: 420 }] },
  { name: '更换蓄电池', kind: 'repair', labour: 50, parts: [{ code: 'BATTERY', name: '免维护蓄电池 60Ah', price: 620 }] },
  { name: '更换轮胎', kind: 'repair', labour: 80, parts: [{ code: 'TYRE', name: '轮胎 ×2', price: 1180 }] },
  { name: '更换雨刮片', kind: 'repair', labour: 0, parts: [{ code: 'WIPER', name: '无骨雨刮片一对', price: 128 }] },
  { name: '钣金喷漆（单面）', kind: 'repair', labour: 600, parts: [] },
  { name: '空调系统检修', kind: 'repair', labour: 260, parts: [{ code: 'AC_GAS', name: 'R134a 冷媒', price: 180 }] },
];

export const TIER_FACTOR = { economy: 1, mid: 1.35, luxury: 2.1 } as const;
