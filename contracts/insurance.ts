/**
 * Car insurance (issue 16): the official tariffs and the quote formulas the composer, the server
 * and the tests share. Zod-free and pure. Where the figures come from, and how to update them:
 * the insurance section of the README (the lead merges it from /work/notes/insurance-server.md).
 *
 * - 交强险 base premiums: 机动车交通事故责任强制保险基础费率表 (保监产险〔2008〕27号, still in force).
 * - 交强险 floating rates per region group A–E and the 2020 limits: 银保监发〔2020〕41号 (effective
 *   2020-09-19) — 关于调整交强险责任限额和费率浮动系数的公告.
 * - 车船税: 车船税法 税目税额表 (national bands) and each province's amount inside its band.
 * - 商业险: premium = 基准保费 × 无赔款优待系数 (NCD) × 交通违法系数 (where the region has one) ×
 *   自主定价系数 (0.5–1.5); the insurers' base premiums and coefficients are the chain's data
 *   (insurer settings), DEFAULT_INSURERS only seeds them.
 *
 * Money: the official tables are in yuan (as published); everything computed for a quote is
 * integer fen (`…Fen`). `compulsoryPremium` answers yuan with 2 decimals, as issue 16 specifies.
 */

// ---------------------------------------------------------------- 交强险 (compulsory)

export const REGION_GROUPS = ['A', 'B', 'C', 'D', 'E'] as const;
export type RegionGroup = (typeof REGION_GROUPS)[number];

/** The previous years' at-fault record, as the 2020 floating-rate table words it. */
export const CLAIM_HISTORIES = ['first', 'claimFree1', 'claimFree2', 'claimFree3', 'oneClaim', 'multiClaims', 'fatal'] as const;
export type ClaimHistory = (typeof CLAIM_HISTORIES)[number];

export const CLAIM_HISTORY_NAMES: Record<ClaimHistory, string> = {
  first: '首次投保或上年无记录',
  claimFree1: '上一个年度未发生有责道路交通事故',
  claimFree2: '上两个年度未发生有责道路交通事故',
  claimFree3: '上三个及以上年度未发生有责道路交通事故',
  oneClaim: '上一个年度发生一次有责不涉及死亡的道路交通事故',
  multiClaims: '上一个年度发生两次及两次以上有责道路交通事故',
  fatal: '上一个年度发生有责道路交通死亡事故',
};

/**
 * 交强险费率浮动比率 in percent (银保监发〔2020〕41号 附件): A1–A6 per region group. Groups A–D
 * discount deeper than E for claim-free years; the surcharges are the same everywhere.
 */
export const FLOATING_PERCENT: Record<RegionGroup, Record<ClaimHistory, number>> = {
  A: { first: 0, claimFree1: -30, claimFree2: -40, claimFree3: -50, oneClaim: 0, multiClaims: 10, fatal: 30 },
  B: { first: 0, claimFree1: -25, claimFree2: -35, claimFree3: -45, oneClaim: 0, multiClaims: 10, fatal: 30 },
  C: { first: 0, claimFree1: -20, claimFree2: -30, claimFree3: -40, oneClaim: 0, multiClaims: 10, fatal: 30 },
  D: { first: 0, claimFree1: -15, claimFree2: -25, claimFree3: -35, oneClaim: 0, multiClaims: 10, fatal: 30 },
  E: { first: 0, claimFree1: -10, claimFree2: -20, claimFree3: -30, oneClaim: 0, multiClaims: 10, fatal: 30 },
};

/** Provinces (and 计划单列市, which the announcement lists on their own) per region group. */
export const REGION_GROUP_MEMBERS: Record<RegionGroup, readonly string[]> = {
  A: ['内蒙古', '海南', '青海', '西藏'],
  B: ['陕西', '云南', '广西'],
  C: ['甘肃', '吉林', '山西', '黑龙江', '新疆'],
  D: ['北京', '天津', '河北', '宁夏'],
  E: ['江苏', '浙江', '安徽', '上海', '湖南', '湖北', '江西', '辽宁', '河南', '福建', '重庆', '山东', '广东', '深圳', '厦门', '四川', '贵州', '大连', '青岛', '宁波'],
};

export const REGIONS: readonly string[] = REGION_GROUPS.flatMap((group) => REGION_GROUP_MEMBERS[group]);

export function regionGroupOf(region: string): RegionGroup | null {
  return REGION_GROUPS.find((group) => REGION_GROUP_MEMBERS[group].includes(region)) ?? null;
}

/** 交强险责任限额 since 2020-09-19, yuan: with fault and without fault. */
export const COMPULSORY_LIMITS_2020 = {
  total: 200_000,
  atFault: { deathDisability: 180_000, medical: 18_000, property: 2_000 },
  noFault: { deathDisability: 18_000, medical: 1_800, property: 100 },
} as const;

export interface VehicleClass {
  code: string;
  /** 车辆大类 of the official table. */
  group: string;
  name: string;
  /** 基础保费, yuan a year. */
  base: number;
  /** Seats this class covers (for checks); absent where the class goes by tonnage or use. */
  seats?: { min: number; max: number };
}

/** 交强险基础费率表 (2008, still the official one), yuan a year. */
export const VEHICLE_CLASSES: readonly VehicleClass[] = [
  { code: 'family_lt6', group: '家庭自用汽车', name: '家庭自用汽车 6座以下', base: 950, seats: { min: 2, max: 5 } },
  { code: 'family_ge6', group: '家庭自用汽车', name: '家庭自用汽车 6座及以上', base: 1100, seats: { min: 6, max: 9 } },
  { code: 'corp_lt6', group: '非营业客车', name: '企业非营业汽车 6座以下', base: 1000, seats: { min: 2, max: 5 } },
  { code: 'corp_6_10', group: '非营业客车', name: '企业非营业汽车 6-10座', base: 1130, seats: { min: 6, max: 10 } },
  { code: 'corp_10_20', group: '非营业客车', name: '企业非营业汽车 10-20座', base: 1220, seats: { min: 11, max: 20 } },
  { code: 'corp_gt20', group: '非营业客车', name: '企业非营业汽车 20座以上', base: 1270, seats: { min: 21, max: 99 } },
  { code: 'gov_lt6', group: '非营业客车', name: '机关非营业汽车 6座以下', base: 950, seats: { min: 2, max: 5 } },
  { code: 'gov_6_10', group: '非营业客车', name: '机关非营业汽车 6-10座', base: 1070, seats: { min: 6, max: 10 } },
  { code: 'gov_10_20', group: '非营业客车', name: '机关非营业汽车 10-20座', base: 1140, seats: { min: 11, max: 20 } },
  { code: 'gov_gt20', group: '非营业客车', name: '机关非营业汽车 20座以上', base: 1320, seats: { min: 21, max: 99 } },
  { code: 'taxi_lt6', group: '营业客车', name: '营业出租租赁 6座以下', base: 1800, seats: { min: 2, max: 5 } },
  { code: 'taxi_6_10', group: '营业客车', name: '营业出租租赁 6-10座', base: 2360, seats: { min: 6, max: 10 } },
  { code: 'taxi_10_20', group: '营业客车', name: '营业出租租赁 10-20座', base: 2400, seats: { min: 11, max: 20 } },
  { code: 'taxi_20_36', group: '营业客车', name: '营业出租租赁 20-36座', base: 2560, seats: { min: 21, max: 36 } },
  { code: 'taxi_gt36', group: '营业客车', name: '营业出租租赁 36座以上', base: 3530, seats: { min: 37, max: 99 } },
  { code: 'bus_6_10', group: '营业客车', name: '营业城市公交 6-10座', base: 2250, seats: { min: 6, max: 10 } },
  { code: 'bus_10_20', group: '营业客车', name: '营业城市公交 10-20座', base: 2520, seats: { min: 11, max: 20 } },
  { code: 'bus_20_36', group: '营业客车', name: '营业城市公交 20-36座', base: 3020, seats: { min: 21, max: 36 } },
  { code: 'bus_gt36', group: '营业客车', name: '营业城市公交 36座以上', base: 3140, seats: { min: 37, max: 99 } },
  { code: 'coach_6_10', group: '营业客车', name: '营业公路客运 6-10座', base: 2350, seats: { min: 6, max: 10 } },
  { code: 'coach_10_20', group: '营业客车', name: '营业公路客运 10-20座', base: 2620, seats: { min: 11, max: 20 } },
  { code: 'coach_20_36', group: '营业客车', name: '营业公路客运 20-36座', base: 3420, seats: { min: 21, max: 36 } },
  { code: 'coach_gt36', group: '营业客车', name: '营业公路客运 36座以上', base: 4690, seats: { min: 37, max: 99 } },
  { code: 'truck_lt2', group: '非营业货车', name: '非营业货车 2吨以下', base: 1200 },
  { code: 'truck_2_5', group: '非营业货车', name: '非营业货车 2-5吨', base: 1470 },
  { code: 'truck_5_10', group: '非营业货车', name: '非营业货车 5-10吨', base: 1650 },
  { code: 'truck_gt10', group: '非营业货车', name: '非营业货车 10吨以上', base: 2220 },
  { code: 'haul_lt2', group: '营业货车', name: '营业货车 2吨以下', base: 1850 },
  { code: 'haul_2_5', group: '营业货车', name: '营业货车 2-5吨', base: 3070 },
  { code: 'haul_5_10', group: '营业货车', name: '营业货车 5-10吨', base: 3450 },
  { code: 'haul_gt10', group: '营业货车', name: '营业货车 10吨以上', base: 4480 },
  { code: 'special_1', group: '特种车', name: '特种车一', base: 3710 },
  { code: 'special_2', group: '特种车', name: '特种车二', base: 2430 },
  { code: 'special_3', group: '特种车', name: '特种车三', base: 1080 },
  { code: 'special_4', group: '特种车', name: '特种车四', base: 3980 },
  { code: 'moto_le50', group: '摩托车', name: '摩托车 50CC及以下', base: 80 },
  { code: 'moto_50_250', group: '摩托车', name: '摩托车 50CC-250CC（含）', base: 120 },
  { code: 'moto_gt250', group: '摩托车', name: '摩托车 250CC以上及侧三轮', base: 400 },
];

export const vehicleClassOf = (code: string): VehicleClass | undefined => VEHICLE_CLASSES.find((entry) => entry.code === code);

/** The family-car class for a number of seats (under 6 → ¥950, 6 and more → ¥1,100). */
export const familyClassFor = (seats: number): VehicleClass => vehicleClassOf(seats < 6 ? 'family_lt6' : 'family_ge6')!;

/** yuan × (1 + percent/100), rounded to the fen, computed in whole fen (no float drift). */
const applyPercent = (yuan: number, percent: number) => Math.round((Math.round(yuan * 100) * (100 + percent)) / 100) / 100;

/**
 * 交强险 of a family car (issue 16): base by seats × (1 + floating rate of the region group and
 * history). `rate` is a fraction (−0.3 for −30 %), `premium` yuan with 2 decimals.
 */
export function compulsoryPremium(input: { seats: number; regionGroup: RegionGroup; history: ClaimHistory }): { base: number; rate: number; premium: number } {
  const problem = seatsProblem(input.seats, 'family_lt6', true) ?? regionGroupProblem(input.regionGroup) ?? historyProblem(input.history);
  if (problem) throw new RangeError(problem);
  return compulsoryPremiumOf({ vehicleClass: familyClassFor(input.seats).code, regionGroup: input.regionGroup, history: input.history });
}

/** 交强险 of any class of the official table. */
export function compulsoryPremiumOf(input: { vehicleClass: string; regionGroup: RegionGroup; history: ClaimHistory }): { base: number; rate: number; premium: number } {
  const entry = vehicleClassOf(input.vehicleClass);
  if (!entry) throw new RangeError(INSURANCE_MESSAGES.unknownClass);
  const percent = FLOATING_PERCENT[input.regionGroup][input.history];
  return { base: entry.base, rate: percent / 100, premium: applyPercent(entry.base, percent) };
}

// ---------------------------------------------------------------- 车船税 (vehicle and vessel tax)

export interface DisplacementBand {
  code: string;
  name: string;
  /** Upper bound in litres, inclusive (the law's 「以上至…（含）」); null = no bound. */
  upTo: number | null;
  /** National band, yuan a year: the province's amount must lie within. */
  min: number;
  max: number;
}

/** 车船税法 税目税额表, 乘用车 by displacement (yuan a year, per vehicle). */
export const DISPLACEMENT_BANDS: readonly DisplacementBand[] = [
  { code: 'le1.0', name: '1.0升（含）以下', upTo: 1.0, min: 60, max: 360 },
  { code: '1.0-1.6', name: '1.0升以上至1.6升（含）', upTo: 1.6, min: 300, max: 540 },
  { code: '1.6-2.0', name: '1.6升以上至2.0升（含）', upTo: 2.0, min: 360, max: 660 },
  { code: '2.0-2.5', name: '2.0升以上至2.5升（含）', upTo: 2.5, min: 660, max: 1200 },
  { code: '2.5-3.0', name: '2.5升以上至3.0升（含）', upTo: 3.0, min: 1200, max: 2400 },
  { code: '3.0-4.0', name: '3.0升以上至4.0升（含）', upTo: 4.0, min: 2400, max: 3600 },
  { code: 'gt4.0', name: '4.0升以上', upTo: null, min: 3600, max: 5400 },
];

/**
 * Each province's amounts, yuan a year, one per DISPLACEMENT_BANDS entry in order (from the
 * provinces' 车船税实施办法). A province not listed here is taxed at COMMON_VEHICLE_TAX, the
 * amounts most provinces chose, and the quote says 「按常用标准估算」.
 */
export const PROVINCE_VEHICLE_TAX: Readonly<Record<string, readonly number[]>> = {
  北京: [300, 420, 480, 900, 1920, 3480, 5280],
  上海: [180, 360, 450, 720, 1500, 3000, 4500],
  浙江: [180, 360, 420, 720, 1800, 3000, 4500],
  宁波: [180, 360, 420, 720, 1800, 3000, 4500],
  江苏: [180, 360, 420, 720, 1800, 3000, 4500],
  广东: [180, 360, 420, 720, 1800, 3000, 4500],
  深圳: [180, 360, 420, 720, 1800, 3000, 4500],
};
export const COMMON_VEHICLE_TAX: readonly number[] = [180, 360, 420, 720, 1800, 3000, 4500];

export const ENERGY_KINDS = ['fuel', 'newEnergy'] as const;
export type EnergyKind = (typeof ENERGY_KINDS)[number];
export const ENERGY_NAMES: Record<EnergyKind, string> = { fuel: '燃油车', newEnergy: '新能源车（纯电动、插电混动、燃料电池，免征）' };

export function displacementBandOf(litres: number): DisplacementBand {
  return DISPLACEMENT_BANDS.find((band) => band.upTo === null || litres <= band.upTo + 1e-9)!;
}

/** 车船税 of a passenger car for a whole year, in fen; new-energy cars are exempt. */
export function vehicleTax(input: { displacement: number; region: string; energy: EnergyKind }): { band: DisplacementBand | null; yearlyFen: number; estimated: boolean } {
  if (input.energy === 'newEnergy') return { band: null, yearlyFen: 0, estimated: false };
  const band = displacementBandOf(input.displacement);
  const index = DISPLACEMENT_BANDS.indexOf(band);
  const amounts = PROVINCE_VEHICLE_TAX[input.region];
  return { band, yearlyFen: (amounts ?? COMMON_VEHICLE_TAX)[index]! * 100, estimated: !amounts };
}

// ---------------------------------------------------------------- 商业险 (commercial)

/**
 * 无赔款优待系数 (NCD) after the 2020 reform, 10 levels: −4 = four or more claim-free years … 5 =
 * more than five claims last year; 0 = new car or one claim.
 */
export const NCD_LEVELS = [
  { level: -4, coefficient: 0.5, name: '连续4年及以上未出险' },
  { level: -3, coefficient: 0.6, name: '连续3年未出险' },
  { level: -2, coefficient: 0.7, name: '连续2年未出险' },
  { level: -1, coefficient: 0.8, name: '上年未出险' },
  { level: 0, coefficient: 1.0, name: '新保或上年出险1次' },
  { level: 1, coefficient: 1.2, name: '上年出险2次' },
  { level: 2, coefficient: 1.4, name: '上年出险3次' },
  { level: 3, coefficient: 1.6, name: '上年出险4次' },
  { level: 4, coefficient: 1.8, name: '上年出险5次' },
  { level: 5, coefficient: 2.0, name: '上年出险5次以上' },
] as const;
export const ncdOf = (level: number) => NCD_LEVELS.find((entry) => entry.level === level);

/** Regions with a 交通违法系数 in the commercial premium; elsewhere it is 1. */
export const VIOLATION_REGIONS: readonly string[] = ['北京', '上海', '江苏', '深圳', '厦门'];
export const VIOLATION_RANGE = { min: 0.9, max: 1.5 } as const;
/** 自主定价系数 since 2023. */
export const INDEPENDENT_RANGE = { min: 0.5, max: 1.5 } as const;

/** 三者险 limits offered (yuan). */
export const THIRD_PARTY_LIMITS = [500_000, 1_000_000, 1_500_000, 2_000_000, 3_000_000, 5_000_000] as const;
/** 座位险 limits per seat offered (yuan). */
export const SEAT_LIMITS = [10_000, 20_000, 50_000, 100_000] as const;

/** The 2020 示范条款 add-ons (附加险) a quote may carry; priced as a share of their main cover. */
export const ADD_ONS = [
  { code: 'absoluteDeductible', name: '附加绝对免赔率特约条款', of: 'all' },
  { code: 'wheel', name: '附加车轮单独损失险', of: 'vehicleDamage' },
  { code: 'newEquipment', name: '附加新增加设备损失险', of: 'vehicleDamage' },
  { code: 'bodyScratch', name: '附加车身划痕损失险', of: 'vehicleDamage' },
  { code: 'repairPeriod', name: '附加修理期间费用补偿险', of: 'vehicleDamage' },
  { code: 'outsideMedical', name: '附加医保外医疗费用责任险', of: 'thirdParty' },
  { code: 'holidayDouble', name: '附加法定节假日限额翻倍险', of: 'thirdParty' },
  { code: 'engineWater', name: '附加发动机进水损坏除外特约条款', of: 'vehicleDamage' },
  { code: 'mentalDamage', name: '附加精神损害抚慰金责任险', of: 'thirdParty' },
  { code: 'cargo', name: '附加车上货物责任险', of: 'thirdParty' },
  { code: 'valueAddedService', name: '附加机动车增值服务特约条款', of: 'all' },
] as const;
export type AddOnCode = (typeof ADD_ONS)[number]['code'];
export const ADD_ON_CODES = ADD_ONS.map((addOn) => addOn.code) as [AddOnCode, ...AddOnCode[]];

/** Main covers (主险) of a quote, and their names on the sheet. */
export const COVER_NAMES = {
  compulsory: '交强险',
  vehicleDamage: '机动车损失保险（车损）',
  thirdParty: '第三者责任保险（三者）',
  driverSeat: '车上人员责任险（司机）',
  passengerSeat: '车上人员责任险（乘客）',
  vehicleTax: '车船税',
} as const;

/**
 * One insurer's pricing as a chain sets it (保险公司设置). Amounts in fen, rates in ‰ (per mille)
 * of the insured amount, coefficients as decimals. The base premium of 车损 is
 * `vehicleDamageBaseFen + 新车购置价 × vehicleDamagePermille ‰`.
 */
export interface InsurerTariff {
  code: string;
  name: string;
  enabled: boolean;
  vehicleDamageBaseFen: number;
  vehicleDamagePermille: number;
  /** 三者 base premium per limit (yuan limit as the key). */
  thirdPartyFen: Record<string, number>;
  /** 座位险: per seat, ‰ of the limit. */
  driverSeatPermille: number;
  passengerSeatPermille: number;
  /** 附加险 as ‰ of the main cover's base premium they attach to. */
  addOnPermille: Partial<Record<AddOnCode, number>>;
  /** 自主定价系数 this insurer applies (0.5–1.5). */
  independentCoefficient: number;
}

/** Illustrative starting figures for a new chain; every chain edits its own (not official rates). */
export const DEFAULT_INSURERS: readonly InsurerTariff[] = [
  {
    code: 'picc', name: '中国人保', enabled: true, vehicleDamageBaseFen: 53_900, vehicleDamagePermille: 12.8,
    thirdPartyFen: { 500000: 86_500, 1000000: 112_400, 1500000: 128_600, 2000000: 141_900, 3000000: 163_800, 5000000: 199_200 },
    driverSeatPermille: 4.1, passengerSeatPermille: 2.6,
    addOnPermille: { wheel: 80, newEquipment: 40, bodyScratch: 150, repairPeriod: 60, outsideMedical: 40, holidayDouble: 30, engineWater: 50, mentalDamage: 30, cargo: 20, absoluteDeductible: -100, valueAddedService: 20 },
    independentCoefficient: 0.85,
  },
  {
    code: 'pingan', name: '平安产险', enabled: true, vehicleDamageBaseFen: 55_200, vehicleDamagePermille: 12.6,
    thirdPartyFen: { 500000: 87_800, 1000000: 114_000, 1500000: 130_100, 2000000: 143_500, 3000000: 165_900, 5000000: 201_600 },
    driverSeatPermille: 4.0, passengerSeatPermille: 2.5,
    addOnPermille: { wheel: 75, newEquipment: 40, bodyScratch: 140, repairPeriod: 55, outsideMedical: 45, holidayDouble: 30, engineWater: 50, mentalDamage: 30, cargo: 20, absoluteDeductible: -100, valueAddedService: 25 },
    independentCoefficient: 0.8,
  },
  {
    code: 'cpic', name: '太平洋产险', enabled: true, vehicleDamageBaseFen: 54_600, vehicleDamagePermille: 12.9,
    thirdPartyFen: { 500000: 86_000, 1000000: 111_800, 1500000: 127_900, 2000000: 141_200, 3000000: 163_000, 5000000: 198_100 },
    driverSeatPermille: 4.2, passengerSeatPermille: 2.7,
    addOnPermille: { wheel: 80, newEquipment: 45, bodyScratch: 150, repairPeriod: 60, outsideMedical: 40, holidayDouble: 25, engineWater: 45, mentalDamage: 30, cargo: 20, absoluteDeductible: -100, valueAddedService: 20 },
    independentCoefficient: 0.9,
  },
];

export interface CommercialChoice {
  /** 新车购置价 in fen; 0 = no 车损. */
  vehicleDamage: boolean;
  vehiclePriceFen: number;
  /** 三者 limit in yuan, or 0 for none. */
  thirdPartyLimit: number;
  /** 座位险 limit per seat in yuan, or 0 for none. */
  driverSeatLimit: number;
  passengerSeatLimit: number;
  /** Passenger seats covered (seats − 1 usually). */
  passengerSeats: number;
  addOns: readonly AddOnCode[];
}

export interface CommercialLine {
  code: 'vehicleDamage' | 'thirdParty' | 'driverSeat' | 'passengerSeat' | AddOnCode;
  name: string;
  /** Insured amount / limit in yuan (0 where it has none). */
  limit: number;
  baseFen: number;
  premiumFen: number;
}

export interface CommercialPremium {
  lines: CommercialLine[];
  baseFen: number;
  ncd: number;
  violation: number;
  independent: number;
  /** The product of the three coefficients, rounded to 4 decimals as insurers print it. */
  coefficient: number;
  premiumFen: number;
}

/**
 * 商业险 = 基准保费 × NCD × 交通违法系数 × 自主定价系数, per line (rounded to the fen) and summed.
 * The violation coefficient counts only in VIOLATION_REGIONS.
 */
export function commercialPremium(tariff: InsurerTariff, choice: CommercialChoice, factors: { ncdLevel: number; region: string; violation?: number }): CommercialPremium {
  const ncd = ncdOf(factors.ncdLevel)?.coefficient;
  if (ncd === undefined) throw new RangeError(INSURANCE_MESSAGES.ncd);
  const violation = VIOLATION_REGIONS.includes(factors.region) ? (factors.violation ?? 1) : 1;
  const independent = tariff.independentCoefficient;
  const coefficient = Math.round(ncd * violation * independent * 10_000) / 10_000;
  const base: CommercialLine[] = [];
  if (choice.vehicleDamage) {
    base.push({ code: 'vehicleDamage', name: COVER_NAMES.vehicleDamage, limit: Math.round(choice.vehiclePriceFen / 100), baseFen: Math.round(tariff.vehicleDamageBaseFen + (choice.vehiclePriceFen * tariff.vehicleDamagePermille) / 1000), premiumFen: 0 });
  }
  if (choice.thirdPartyLimit > 0) {
    const fen = tariff.thirdPartyFen[String(choice.thirdPartyLimit)];
    if (fen === undefined) throw new RangeError(INSURANCE_MESSAGES.thirdPartyLimit);
    base.push({ code: 'thirdParty', name: COVER_NAMES.thirdParty, limit: choice.thirdPartyLimit, baseFen: fen, premiumFen: 0 });
  }
  if (choice.driverSeatLimit > 0) {
    base.push({ code: 'driverSeat', name: COVER_NAMES.driverSeat, limit: choice.driverSeatLimit, baseFen: Math.round(choice.driverSeatLimit * 100 * tariff.driverSeatPermille / 1000), premiumFen: 0 });
  }
  if (choice.passengerSeatLimit > 0 && choice.passengerSeats > 0) {
    base.push({ code: 'passengerSeat', name: `${COVER_NAMES.passengerSeat} × ${choice.passengerSeats} 座`, limit: choice.passengerSeatLimit, baseFen: Math.round(choice.passengerSeatLimit * 100 * tariff.passengerSeatPermille / 1000) * choice.passengerSeats, premiumFen: 0 });
  }
  const mainFen = (code: string) => base.filter((line) => code === 'all' || line.code === code).reduce((sum, line) => sum + line.baseFen, 0);
  for (const code of choice.addOns) {
    const addOn = ADD_ONS.find((entry) => entry.code === code);
    const permille = tariff.addOnPermille[code];
    if (!addOn || permille === undefined) continue; // the insurer does not sell it
    const of = mainFen(addOn.of);
    if (of === 0) continue; // no main cover to attach to
    base.push({ code, name: addOn.name, limit: 0, baseFen: Math.round((of * permille) / 1000), premiumFen: 0 });
  }
  const lines = base.map((line) => ({ ...line, premiumFen: Math.round(line.baseFen * coefficient) }));
  return {
    lines,
    baseFen: lines.reduce((sum, line) => sum + line.baseFen, 0),
    ncd, violation, independent, coefficient,
    premiumFen: lines.reduce((sum, line) => sum + line.premiumFen, 0),
  };
}

// ---------------------------------------------------------------- checks (Chinese messages)

export const INSURANCE_MESSAGES = {
  seats: '座位数应为 1–99 的整数',
  familySeats: '家庭自用汽车的座位数应为 2–9 座',
  classSeats: (name: string, min: number, max: number) => `${name}的座位数应为 ${min}–${max} 座`,
  displacement: '排量应为 0.1–10.0 升（新能源车填 0）',
  regionGroup: '不支持的地区类别，应为 A、B、C、D、E 类之一',
  region: '不支持的投保地区，请从列表中选择省份或计划单列市',
  history: '不支持的上年出险情况',
  unknownClass: '不支持的车辆种类',
  ncd: '无赔款优待等级应为 -4 到 5',
  thirdPartyLimit: '该保险公司没有这个三者险保额的报价',
  violation: `交通违法系数应在 ${VIOLATION_RANGE.min}–${VIOLATION_RANGE.max} 之间`,
  independent: `自主定价系数应在 ${INDEPENDENT_RANGE.min}–${INDEPENDENT_RANGE.max} 之间`,
  startInPast: '起保日期不能早于今天',
  endBeforeStart: '终保日期必须晚于起保日期',
  termTooLong: '保险期间不能超过一年',
  startTooFar: '起保日期不能晚于今天起 90 天（保险公司最多提前 90 天承保）',
} as const;

export function seatsProblem(seats: number, vehicleClass = 'family_lt6', familyOnly = false): string | null {
  if (!Number.isInteger(seats) || seats < 1 || seats > 99) return INSURANCE_MESSAGES.seats;
  const entry = vehicleClassOf(vehicleClass);
  if (familyOnly || entry?.group === '家庭自用汽车') return seats >= 2 && seats <= 9 ? null : INSURANCE_MESSAGES.familySeats;
  return null;
}

/** Seats against the class chosen (a 6-seat car is not 「6座以下」). */
export function classSeatsProblem(vehicleClass: string, seats: number): string | null {
  const entry = vehicleClassOf(vehicleClass);
  if (!entry) return INSURANCE_MESSAGES.unknownClass;
  const basic = seatsProblem(seats, vehicleClass);
  if (basic) return basic;
  if (entry.seats && (seats < entry.seats.min || seats > entry.seats.max)) return INSURANCE_MESSAGES.classSeats(entry.name, entry.seats.min, entry.seats.max);
  return null;
}

export function displacementProblem(litres: number, energy: EnergyKind): string | null {
  if (!Number.isFinite(litres)) return INSURANCE_MESSAGES.displacement;
  if (energy === 'newEnergy' && litres === 0) return null;
  return litres >= 0.1 && litres <= 10 ? null : INSURANCE_MESSAGES.displacement;
}

export const regionGroupProblem = (group: string): string | null => ((REGION_GROUPS as readonly string[]).includes(group) ? null : INSURANCE_MESSAGES.regionGroup);
export const regionProblem = (region: string): string | null => (regionGroupOf(region) ? null : INSURANCE_MESSAGES.region);
export const historyProblem = (history: string): string | null => ((CLAIM_HISTORIES as readonly string[]).includes(history) ? null : INSURANCE_MESSAGES.history);

/** How far ahead an insurer accepts a start date. */
export const MAX_START_AHEAD_DAYS = 90;

/**
 * The policy term of a quote: start not before today nor more than 90 days ahead; end after the
 * start and at most one year on (start + 1 year − 1 day… the usual 起保 0 时 to 终保 24 时).
 * Days are 'YYYY-MM-DD' in the garage's zone; plain string compare is day order.
 */
export function termProblem(start: string, end: string, today: string, addDays: (day: string, days: number) => string, addYears1: (day: string) => string): string | null {
  if (start < today) return INSURANCE_MESSAGES.startInPast;
  if (start > addDays(today, MAX_START_AHEAD_DAYS)) return INSURANCE_MESSAGES.startTooFar;
  if (end <= start) return INSURANCE_MESSAGES.endBeforeStart;
  if (end > addDays(addYears1(start), -1)) return INSURANCE_MESSAGES.termTooLong;
  return null;
}

// ---------------------------------------------------------------- renewal pipeline

/** Follow-up states of a policy up for renewal. */
export const RENEWAL_STATES = ['pending', 'contacted', 'quoted', 'renewed', 'lost'] as const;
export type RenewalState = (typeof RENEWAL_STATES)[number];
export const RENEWAL_STATE_NAMES: Record<RenewalState, string> = { pending: '待跟进', contacted: '已联系', quoted: '已报价', renewed: '已续保', lost: '战败' };

/**
 * 续保率 (issue 33, one rule; SQL home: server/src/repositories/insurance.ts, renewalCounts):
 * - due (应续): every term of the stores whose expiry day falls in the period, the vehicle's latest
 *   term or an older one;
 * - renewed (已续保): its follow-up says 已续保, or the same car's next term with us (any store of
 *   the chain) starts between RENEWAL_WINDOW_DAYS.before days before and .after days after the
 *   expiry (a later return is a win-back, not a renewal);
 * - rate = renewed / due, as the raw integer of a percentage (0.01 %), null when nothing was due.
 */
export const RENEWAL_WINDOW_DAYS = { before: 90, after: 30 } as const;

export function isRenewed(
  term: { vehicleId: number; id: number; expiryDate: string; state: RenewalState },
  terms: readonly { vehicleId: number; id: number; startDate: string; expiryDate: string }[],
  addDays: (day: string, days: number) => string,
): boolean {
  if (term.state === 'renewed') return true;
  const from = addDays(term.expiryDate, -RENEWAL_WINDOW_DAYS.before);
  const to = addDays(term.expiryDate, RENEWAL_WINDOW_DAYS.after);
  return terms.some((next) => next.vehicleId === term.vehicleId && next.id !== term.id && next.expiryDate > term.expiryDate && next.startDate >= from && next.startDate <= to);
}

export const renewalRate = (renewed: number, due: number): number | null => (due > 0 ? Math.round((renewed * 10_000) / due) : null);

/** Why a renewal was lost (战败原因); 其他 needs a note. */
export const LOST_REASONS = ['价格高于其他渠道', '已在4S店续保', '已在其他门店续保', '客户直接找保险公司', '车辆已出售或报废', '联系不上客户', '其他'] as const;

/** Buckets of the pipeline: days until expiry (an expired policy is its own bucket). */
export const RENEWAL_BUCKETS = ['expired', 'd7', 'd30', 'd60', 'd90'] as const;
export type RenewalBucket = (typeof RENEWAL_BUCKETS)[number];
export const RENEWAL_BUCKET_NAMES: Record<RenewalBucket, string> = { expired: '已脱保', d7: '7天内到期', d30: '30天内到期', d60: '60天内到期', d90: '90天内到期' };
/** Each bucket as a day range [from, to] relative to today (expired: the last 90 days). */
export const RENEWAL_BUCKET_DAYS: Record<RenewalBucket, { from: number; to: number }> = {
  expired: { from: -90, to: -1 }, d7: { from: 0, to: 7 }, d30: { from: 8, to: 30 }, d60: { from: 31, to: 60 }, d90: { from: 61, to: 90 },
};

export function bucketOf(daysLeft: number): RenewalBucket | null {
  return RENEWAL_BUCKETS.find((bucket) => daysLeft >= RENEWAL_BUCKET_DAYS[bucket].from && daysLeft <= RENEWAL_BUCKET_DAYS[bucket].to) ?? null;
}

export const RENEWAL_MESSAGES = {
  changedByOthers: '已被他人修改，请刷新后再试',
  notFound: '保单不存在或不在你的数据范围内',
  lostNeedsReason: '标记战败时请选择战败原因',
  otherNeedsNote: '战败原因为「其他」时请填写说明',
  closed: (state: string) => `该保单已${state}，如需重新跟进请先改回「待跟进」`,
  ownerNotStaff: '负责人须为该保单所在门店的员工',
  nextContactPast: '下次联系日期不能早于今天',
  quoteNotFound: '报价不存在或不在你的数据范围内',
  shareExpired: '该报价单链接已过期，请联系门店重新发送',
  shareRevoked: '该报价单链接已被门店撤销，请联系门店重新发送',
  shareNotFound: '报价单链接无效',
  shareGone: '分享链接不存在或不在你的数据范围内',
  shareClosed: (state: string) => `该链接${state}，无需撤销`,
  noInsurer: '请至少选择一家保险公司',
  insurerUnknown: (code: string) => `保险公司「${code}」未启用或不存在`,
  vehicleNotFound: '车辆不存在或不在你的数据范围内',
} as const;

/**
 * Which follow-up changes are allowed: any open state may move to any other; 已续保 and 战败 are
 * closed and only reopen to 待跟进 (a mistaken mark). 战败 needs a reason (and a note for 其他).
 */
export function renewalProblem(from: RenewalState, to: RenewalState, reason: string, note: string): string | null {
  if ((from === 'renewed' || from === 'lost') && to !== 'pending' && to !== from) return RENEWAL_MESSAGES.closed(RENEWAL_STATE_NAMES[from]);
  if (to === 'lost') {
    if (!reason) return RENEWAL_MESSAGES.lostNeedsReason;
    if (reason === '其他' && !note.trim()) return RENEWAL_MESSAGES.otherNeedsNote;
  }
  return null;
}

/** Share links of a quote sheet live this many days. */
export const SHARE_DAYS = { default: 7, max: 30 } as const;

/** A share link opens the sheet while 有效; staff can revoke it (已撤销) before it expires (已过期). */
export const SHARE_STATES = ['active', 'expired', 'revoked'] as const;
export type ShareState = (typeof SHARE_STATES)[number];
export const SHARE_STATE_NAMES: Record<ShareState, string> = { active: '有效', expired: '已过期', revoked: '已撤销' };

export const INSURANCE_LIMITS = { note: 500, pageSize: 100, bulk: 500, insurers: 6, keyword: 40 } as const;

/** Yuan with 2 decimals from fen, for sheets (¥1,234.00). */
export const yuanText = (fen: number) => `¥${(fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

// ---------------------------------------------------------------- insurer rates (保险公司费率)

/** Ranges of the rates form (the API's fields in contracts/api/insurance.ts say the same). */
export const INSURER_RATE_RANGES = {
  /** Amounts are typed in yuan, stored in fen. */
  yuan: { min: 0, max: 10_000_000 },
  permille: { min: 0, max: 100 },
  addOnPermille: { min: -500, max: 1000 },
  independent: INDEPENDENT_RANGE,
} as const;

export const INSURER_RATE_MESSAGES = {
  hqOnly: '保险公司费率对全连锁生效，只有总部管理员可以修改',
  duplicateCode: (code: string) => `保险公司代码「${code}」重复，每家保险公司的代码须不同`,
  duplicateName: (name: string) => `保险公司名称「${name}」重复`,
  noneEnabled: '请至少启用一家保险公司，否则门店无法报价',
  noThirdParty: (name: string) => `${name}至少要有一档三者险保额的基准保费`,
} as const;

/** What the whole table must satisfy beyond each field's range (shared by the form and the server). */
export function insurerTableProblem(insurers: readonly InsurerTariff[]): string | null {
  const codes = new Set<string>();
  const names = new Set<string>();
  for (const insurer of insurers) {
    if (codes.has(insurer.code)) return INSURER_RATE_MESSAGES.duplicateCode(insurer.code);
    codes.add(insurer.code);
    const name = insurer.name.trim();
    if (names.has(name)) return INSURER_RATE_MESSAGES.duplicateName(name);
    names.add(name);
    if (Object.keys(insurer.thirdPartyFen).length === 0) return INSURER_RATE_MESSAGES.noThirdParty(name);
  }
  if (!insurers.some((insurer) => insurer.enabled)) return INSURER_RATE_MESSAGES.noneEnabled;
  return null;
}

/** Where 保险分析's xlsx is downloaded (contracts/api/insurance.ts analysisExport; the widget asks it with download: true). */
export const ANALYSIS_EXPORT_PATH = '/insurance/analysis/export';
