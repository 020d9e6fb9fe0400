/**
 * The official insurance tables and the quote formulas (contracts/insurance.ts) against the
 * published figures: 交强险基础费率表, 银保监发〔2020〕41号 floating rates and limits, the 车船税
 * national bands, the 2020 NCD table.
 */
import { describe, expect, it } from 'vitest';
import { addDays, addMonths } from './dates';
import {
  CLAIM_HISTORIES, COMPULSORY_LIMITS_2020, DEFAULT_INSURERS, DISPLACEMENT_BANDS, FLOATING_PERCENT, INSURANCE_MESSAGES, PROVINCE_VEHICLE_TAX, COMMON_VEHICLE_TAX,
  REGIONS, REGION_GROUPS, RENEWAL_MESSAGES, bucketOf, classSeatsProblem, commercialPremium, compulsoryPremium, compulsoryPremiumOf, displacementProblem,
  regionGroupOf, regionProblem, renewalProblem, termProblem, vehicleClassOf, vehicleTax,
} from './insurance';

describe('交强险 (compulsory)', () => {
  it('family cars: ¥950 under 6 seats, ¥1,100 from 6 seats', () => {
    expect(compulsoryPremium({ seats: 5, regionGroup: 'E', history: 'first' })).toEqual({ base: 950, rate: 0, premium: 950 });
    expect(compulsoryPremium({ seats: 6, regionGroup: 'E', history: 'first' })).toEqual({ base: 1100, rate: 0, premium: 1100 });
    expect(compulsoryPremium({ seats: 7, regionGroup: 'E', history: 'first' }).base).toBe(1100);
  });

  it('group E as the issue states: −10/−20/−30 %, 0 after one claim, +10 % two or more, +30 % fatal', () => {
    const premium = (history: (typeof CLAIM_HISTORIES)[number]) => compulsoryPremium({ seats: 5, regionGroup: 'E', history });
    expect(premium('claimFree1')).toEqual({ base: 950, rate: -0.1, premium: 855 });
    expect(premium('claimFree2')).toEqual({ base: 950, rate: -0.2, premium: 760 });
    expect(premium('claimFree3')).toEqual({ base: 950, rate: -0.3, premium: 665 });
    expect(premium('oneClaim')).toEqual({ base: 950, rate: 0, premium: 950 });
    expect(premium('multiClaims')).toEqual({ base: 950, rate: 0.1, premium: 1045 });
    expect(premium('fatal')).toEqual({ base: 950, rate: 0.3, premium: 1235 });
  });

  it('groups A–D discount deeper (2020 announcement: A −30/−40/−50 %, B −25/−35/−45 %, C −20/−30/−40 %, D −15/−25/−35 %)', () => {
    expect(compulsoryPremium({ seats: 5, regionGroup: 'A', history: 'claimFree3' }).premium).toBe(475);
    expect(compulsoryPremium({ seats: 5, regionGroup: 'B', history: 'claimFree1' }).premium).toBe(712.5);
    expect(compulsoryPremium({ seats: 6, regionGroup: 'C', history: 'claimFree2' }).premium).toBe(770);
    expect(compulsoryPremium({ seats: 5, regionGroup: 'D', history: 'claimFree3' }).premium).toBe(617.5);
    expect(compulsoryPremium({ seats: 6, regionGroup: 'D', history: 'claimFree1' }).premium).toBe(935);
    for (const group of REGION_GROUPS) {
      expect(FLOATING_PERCENT[group]).toMatchObject({ first: 0, oneClaim: 0, multiClaims: 10, fatal: 30 });
      expect(FLOATING_PERCENT[group].claimFree1).toBeGreaterThan(FLOATING_PERCENT[group].claimFree2);
      expect(FLOATING_PERCENT[group].claimFree2).toBeGreaterThan(FLOATING_PERCENT[group].claimFree3);
    }
  });

  it('premiums keep 2 decimals without float drift', () => {
    const premium = compulsoryPremium({ seats: 5, regionGroup: 'B', history: 'claimFree1' }).premium;
    expect(premium).toBe(712.5);
    expect(String(premium)).toBe('712.5');
  });

  it('the other classes of the official table', () => {
    expect(vehicleClassOf('corp_lt6')?.base).toBe(1000);
    expect(vehicleClassOf('taxi_lt6')?.base).toBe(1800);
    expect(vehicleClassOf('coach_gt36')?.base).toBe(4690);
    expect(vehicleClassOf('truck_lt2')?.base).toBe(1200);
    expect(vehicleClassOf('haul_gt10')?.base).toBe(4480);
    expect(vehicleClassOf('moto_le50')?.base).toBe(80);
    expect(compulsoryPremiumOf({ vehicleClass: 'taxi_lt6', regionGroup: 'E', history: 'multiClaims' }).premium).toBe(1980);
  });

  it('2020 limits: ¥200,000 in all (180,000 + 18,000 + 2,000)', () => {
    const { atFault, total } = COMPULSORY_LIMITS_2020;
    expect(total).toBe(200_000);
    expect(atFault.deathDisability + atFault.medical + atFault.property).toBe(total);
    expect(atFault).toEqual({ deathDisability: 180_000, medical: 18_000, property: 2_000 });
  });

  it('regions map to their group; every province and 计划单列市 once', () => {
    expect(regionGroupOf('浙江')).toBe('E');
    expect(regionGroupOf('北京')).toBe('D');
    expect(regionGroupOf('海南')).toBe('A');
    expect(regionGroupOf('火星')).toBeNull();
    expect(new Set(REGIONS).size).toBe(REGIONS.length);
    expect(REGIONS).toHaveLength(36);
  });

  it('refuses impossible input in Chinese', () => {
    expect(() => compulsoryPremium({ seats: 0, regionGroup: 'E', history: 'first' })).toThrow(INSURANCE_MESSAGES.seats);
    expect(() => compulsoryPremium({ seats: 12, regionGroup: 'E', history: 'first' })).toThrow(INSURANCE_MESSAGES.familySeats);
    expect(() => compulsoryPremium({ seats: 5.5, regionGroup: 'E', history: 'first' })).toThrow(INSURANCE_MESSAGES.seats);
    expect(() => compulsoryPremium({ seats: 5, regionGroup: 'F' as 'E', history: 'first' })).toThrow(INSURANCE_MESSAGES.regionGroup);
    expect(() => compulsoryPremium({ seats: 5, regionGroup: 'E', history: 'never' as 'first' })).toThrow(INSURANCE_MESSAGES.history);
    expect(classSeatsProblem('family_lt6', 7)).toContain('2–5 座');
    expect(classSeatsProblem('nope', 5)).toBe(INSURANCE_MESSAGES.unknownClass);
    expect(regionProblem('火星')).toBe(INSURANCE_MESSAGES.region);
  });
});

describe('车船税 (vehicle and vessel tax)', () => {
  it('national bands as the law publishes them', () => {
    expect(DISPLACEMENT_BANDS.map((band) => [band.min, band.max])).toEqual([[60, 360], [300, 540], [360, 660], [660, 1200], [1200, 2400], [2400, 3600], [3600, 5400]]);
  });

  it("every province's amount lies inside the national band", () => {
    for (const amounts of [...Object.values(PROVINCE_VEHICLE_TAX), COMMON_VEHICLE_TAX]) {
      expect(amounts).toHaveLength(DISPLACEMENT_BANDS.length);
      amounts.forEach((amount, index) => {
        expect(amount).toBeGreaterThanOrEqual(DISPLACEMENT_BANDS[index]!.min);
        expect(amount).toBeLessThanOrEqual(DISPLACEMENT_BANDS[index]!.max);
      });
    }
  });

  it('band edges are inclusive (1.6 L is the 1.0–1.6 band); electric cars pay nothing', () => {
    expect(vehicleTax({ displacement: 1.6, region: '浙江', energy: 'fuel' })).toMatchObject({ yearlyFen: 36_000, estimated: false });
    expect(vehicleTax({ displacement: 1.598, region: '北京', energy: 'fuel' }).yearlyFen).toBe(42_000);
    expect(vehicleTax({ displacement: 2.0, region: '上海', energy: 'fuel' }).yearlyFen).toBe(45_000);
    expect(vehicleTax({ displacement: 2.01, region: '上海', energy: 'fuel' }).yearlyFen).toBe(72_000);
    expect(vehicleTax({ displacement: 4.5, region: '江苏', energy: 'fuel' }).yearlyFen).toBe(450_000);
    expect(vehicleTax({ displacement: 1.5, region: '四川', energy: 'fuel' })).toMatchObject({ yearlyFen: 36_000, estimated: true });
    expect(vehicleTax({ displacement: 0, region: '浙江', energy: 'newEnergy' })).toMatchObject({ yearlyFen: 0, band: null });
  });

  it('impossible displacement is refused', () => {
    expect(displacementProblem(0, 'fuel')).toBe(INSURANCE_MESSAGES.displacement);
    expect(displacementProblem(12, 'fuel')).toBe(INSURANCE_MESSAGES.displacement);
    expect(displacementProblem(Number.NaN, 'fuel')).toBe(INSURANCE_MESSAGES.displacement);
    expect(displacementProblem(0, 'newEnergy')).toBeNull();
    expect(displacementProblem(1.5, 'fuel')).toBeNull();
  });
});

describe('商业险 (commercial)', () => {
  const tariff = DEFAULT_INSURERS[0]!;
  const choice = { vehicleDamage: true, vehiclePriceFen: 150_000_00, thirdPartyLimit: 1_000_000, driverSeatLimit: 10_000, passengerSeatLimit: 10_000, passengerSeats: 4, addOns: [] };

  it('base × NCD × violation × independent, per line in fen', () => {
    const result = commercialPremium(tariff, choice, { ncdLevel: -1, region: '浙江' });
    const damageBase = tariff.vehicleDamageBaseFen + (150_000_00 * tariff.vehicleDamagePermille) / 1000;
    expect(result.lines[0]).toMatchObject({ code: 'vehicleDamage', baseFen: Math.round(damageBase) });
    expect(result.coefficient).toBe(Math.round(0.8 * tariff.independentCoefficient * 10_000) / 10_000);
    expect(result.violation).toBe(1);
    for (const line of result.lines) expect(line.premiumFen).toBe(Math.round(line.baseFen * result.coefficient));
    expect(result.premiumFen).toBe(result.lines.reduce((sum, line) => sum + line.premiumFen, 0));
    expect(result.lines.find((line) => line.code === 'passengerSeat')!.baseFen).toBe(Math.round((10_000_00 * tariff.passengerSeatPermille) / 1000) * 4);
  });

  it('NCD 0.5 (four claim-free years) halves the base, 2.0 doubles it', () => {
    const one = commercialPremium({ ...tariff, independentCoefficient: 1 }, choice, { ncdLevel: 0, region: '浙江' });
    const best = commercialPremium({ ...tariff, independentCoefficient: 1 }, choice, { ncdLevel: -4, region: '浙江' });
    const worst = commercialPremium({ ...tariff, independentCoefficient: 1 }, choice, { ncdLevel: 5, region: '浙江' });
    expect(one.premiumFen).toBe(one.baseFen);
    expect(Math.abs(best.premiumFen - one.baseFen / 2)).toBeLessThanOrEqual(best.lines.length);
    expect(Math.abs(worst.premiumFen - one.baseFen * 2)).toBeLessThanOrEqual(worst.lines.length);
  });

  it('the violation coefficient counts only where the region has one', () => {
    expect(commercialPremium(tariff, choice, { ncdLevel: 0, region: '北京', violation: 1.2 }).violation).toBe(1.2);
    expect(commercialPremium(tariff, choice, { ncdLevel: 0, region: '浙江', violation: 1.2 }).violation).toBe(1);
  });

  it('add-ons attach to their main cover and need it', () => {
    const withScratch = commercialPremium(tariff, { ...choice, addOns: ['bodyScratch'] }, { ncdLevel: 0, region: '浙江' });
    expect(withScratch.lines.map((line) => line.code)).toContain('bodyScratch');
    const noDamage = commercialPremium(tariff, { ...choice, vehicleDamage: false, addOns: ['bodyScratch'] }, { ncdLevel: 0, region: '浙江' });
    expect(noDamage.lines.map((line) => line.code)).not.toContain('bodyScratch');
  });

  it('unknown third-party limit and NCD level are refused', () => {
    expect(() => commercialPremium(tariff, { ...choice, thirdPartyLimit: 123 }, { ncdLevel: 0, region: '浙江' })).toThrow(INSURANCE_MESSAGES.thirdPartyLimit);
    expect(() => commercialPremium(tariff, choice, { ncdLevel: 9, region: '浙江' })).toThrow(INSURANCE_MESSAGES.ncd);
  });
});

describe('term, pipeline', () => {
  const today = '2026-11-23';
  const addYear = (day: string) => addMonths(day, 12);
  it('start today to 90 days ahead, end after start, at most a year', () => {
    expect(termProblem('2026-11-22', '2027-11-21', today, addDays, addYear)).toBe(INSURANCE_MESSAGES.startInPast);
    expect(termProblem('2026-12-01', '2026-11-30', today, addDays, addYear)).toBe(INSURANCE_MESSAGES.endBeforeStart);
    expect(termProblem('2026-12-01', '2026-12-01', today, addDays, addYear)).toBe(INSURANCE_MESSAGES.endBeforeStart);
    expect(termProblem('2026-12-01', '2027-12-01', today, addDays, addYear)).toBe(INSURANCE_MESSAGES.termTooLong);
    expect(termProblem('2027-03-01', '2028-02-29', today, addDays, addYear)).toBe(INSURANCE_MESSAGES.startTooFar);
    expect(termProblem('2026-12-01', '2027-11-30', today, addDays, addYear)).toBeNull();
    expect(termProblem(today, '2027-11-22', today, addDays, addYear)).toBeNull();
  });

  it('buckets by days left', () => {
    expect(bucketOf(-1)).toBe('expired');
    expect(bucketOf(0)).toBe('d7');
    expect(bucketOf(7)).toBe('d7');
    expect(bucketOf(8)).toBe('d30');
    expect(bucketOf(90)).toBe('d90');
    expect(bucketOf(91)).toBeNull();
    expect(bucketOf(-91)).toBeNull();
  });

  it('transitions: 战败 needs a reason; closed states only reopen to 待跟进', () => {
    expect(renewalProblem('pending', 'contacted', '', '')).toBeNull();
    expect(renewalProblem('quoted', 'lost', '', '')).toBe(RENEWAL_MESSAGES.lostNeedsReason);
    expect(renewalProblem('quoted', 'lost', '其他', ' ')).toBe(RENEWAL_MESSAGES.otherNeedsNote);
    expect(renewalProblem('quoted', 'lost', '价格高于其他渠道', '')).toBeNull();
    expect(renewalProblem('renewed', 'contacted', '', '')).toContain('已续保');
    expect(renewalProblem('lost', 'pending', '', '')).toBeNull();
  });
});
