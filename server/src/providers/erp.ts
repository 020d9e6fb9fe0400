/**
 * The garage's ERP (F6, 云修, 开车宝 …): binding checks the account with the ERP, syncing pulls what
 * changed since the last sync. A deployment plugs in its ERP's adapter (buildApp's `providers.erp`);
 * without one, production refuses with a reason and development uses a local stand-in that accepts
 * the password `erp123456` for any account and, on each sync, hands over the day's work orders so
 * far (about 14 a day, the same ERP order numbers on every sync of the day, so nothing doubles).
 * Orders an adapter returns are written through the one write path (repositories/orders.ts).
 */
import { ApiError, Code } from '../http/envelope';
import { today as garageToday } from '../../../contracts/dates';
import type { OrderStatus, PaymentMethod, ServiceType } from '../../../contracts/rules/orders';
import type { NewOrderLine } from '../repositories/orders';
import { BRANDS, chineseName, mobileNumber, plateNumber } from '../seed/catalog';
import { Random } from '../seed/random';
import { makeVin } from '../seed/vin';
import { orderLines, paymentFor, staffOf } from '../seed/work-order-catalog';

export interface ErpAccount {
  erpType: string;
  account: string;
  password: string;
  storeCode: string;
}

export interface ErpSync {
  customers: number;
  orders: number;
  /** Work orders the ERP handed over; the route writes them and counts what was new. */
  workOrders?: ErpOrder[];
}

/** A work order as an ERP hands it over: its own order number, the customer and car by plate. */
export interface ErpOrder {
  erpOrderNo: string;
  /** Business day, 'YYYY-MM-DD'. */
  day: string;
  customer: { name: string; mobile: string };
  vehicle: { plate: string; vin: string; brand: string; series: string; model: string; energyType: 'fuel' | 'electric' | 'hybrid' };
  mileage: number | null;
  serviceType: ServiceType;
  status: OrderStatus;
  advisor: string;
  technician: string;
  paymentMethod: PaymentMethod | '';
  settledAt: string | null;
  lines: NewOrderLine[];
}

export interface ErpProvider {
  readonly name: string;
  /** The ERP's name of the store the account opens; throws ApiError when the ERP refuses the account. */
  verify(account: ErpAccount): Promise<{ storeName: string }>;
  /** Pulls what changed since `since` (null: everything); answers how much came in. */
  sync(binding: { erpType: string; account: string; storeCode: string; since: Date | null }): Promise<ErpSync>;
}

export function unconfiguredErp(): ErpProvider {
  const refuse = async (): Promise<never> => {
    throw new ApiError(Code.unavailable, 'ERP 对接尚未开通，请联系门店管家客服配置');
  };
  return { name: 'unconfigured', verify: refuse, sync: refuse };
}

export const DEVELOPMENT_ERP_PASSWORD = 'erp123456';

const hash = (text: string) => [...text].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 2166136261);

/**
 * The development ERP's orders of one day up to `now`: opened from 08:00 to 20:00, the ones opened
 * in the last two hours still in the workshop or waiting for payment. Its customers come from a
 * pool of 60 cars per ERP store, so they return over the days.
 */
export function developmentErpOrders(storeKey: string, day: string, minutesIntoDay: number): ErpOrder[] {
  const random = new Random(hash(`${storeKey}|${day}`));
  const weekend = [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());
  const count = random.int(weekend ? 14 : 9, weekend ? 20 : 15);
  const staff = staffOf(hash(storeKey) % 3);
  const orders: ErpOrder[] = [];
  for (let n = 0; n < count; n++) {
    const opened = 8 * 60 + Math.floor(((n + random.next()) * 12 * 60) / count);
    if (opened > minutesIntoDay) break;
    const car = new Random(hash(`${storeKey}|car|${random.int(0, 59)}`));
    const brand = car.pick(BRANDS);
    const series = car.pick(brand.series);
    const gender = car.chance(0.7) ? 'M' : 'F';
    const serviceType = random.weighted([['maintenance', 4], ['repair', 2], ['beauty', 5], ['tyre', 1], ['bodywork', 1]] as const);
    const age = minutesIntoDay - opened;
    const status: OrderStatus = age < 60 ? 'in_repair' : age < 120 ? 'completed' : 'settled';
    const settle = Math.min(opened + 90, 20 * 60);
    orders.push({
      erpOrderNo: `${storeKey}-${day.replace(/-/g, '')}-${String(n + 1).padStart(3, '0')}`,
      day,
      customer: { name: chineseName(car, gender), mobile: mobileNumber(car) },
      vehicle: {
        plate: plateNumber(car, '浙A', series.energy), vin: makeVin(car, brand.wmi, car.int(2014, 2025), car.int(1, 999_999)),
        brand: brand.brand, series: series.series, model: car.pick(series.models), energyType: series.energy,
      },
      mileage: serviceType === 'beauty' ? null : car.int(8_000, 120_000),
      serviceType,
      status,
      advisor: random.pick(staff.advisors),
      technician: random.pick(staff.technicians),
      paymentMethod: status === 'settled' ? paymentFor(random, serviceType) : '',
      settledAt: status === 'settled' ? `${day} ${String(Math.floor(settle / 60)).padStart(2, '0')}:${String(settle % 60).padStart(2, '0')}:00` : null,
      lines: orderLines(random, serviceType, { electric: series.energy === 'electric' }),
    });
  }
  return orders;
}

/** `now`: the clock of the ERP (tests pin it); the day is the garage's (Asia/Shanghai). */
export function developmentErp(options: { now?: () => Date } = {}): ErpProvider {
  const now = options.now ?? (() => new Date());
  return {
    name: 'development-erp',
    async verify({ account, password, storeCode }) {
      if (password !== DEVELOPMENT_ERP_PASSWORD) throw new ApiError(Code.badInput, 'ERP 账号或密码不正确');
      return { storeName: `${storeCode || account} 门店（开发用 ERP）` };
    },
    async sync({ account, storeCode }) {
      const moment = now();
      const day = garageToday(undefined, moment);
      const [hour, minute] = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Shanghai', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
        .format(moment).split(':').map(Number);
      const workOrders = developmentErpOrders(storeCode || account, day, hour * 60 + minute);
      return { customers: 0, orders: workOrders.length, workOrders };
    },
  };
}
