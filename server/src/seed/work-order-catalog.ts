/**
 * What a garage's work orders are made of, for generated orders (the demo seed, the development
 * ERP's orders of a day, the bench): labour and parts lines per service type with typical prices,
 * technicians, and how people pay. No `seed` export: not a seed module itself.
 */
import { SERVICE_ITEMS } from './catalog';
import type { Random } from './random';
import type { NewOrderLine } from '../repositories/orders';
import type { PaymentMethod, ServiceType } from '../../../contracts/rules/orders';

export const TECHNICIANS = ['张师傅', '孙师傅', '马工', '杨师傅', '黄工', '吴师傅', '郑工', '冯师傅', '许工'];

interface Item {
  name: string;
  labour: number;
  parts: { code: string; name: string; price: number }[];
}

const BEAUTY: Item[] = [
  { name: '精致洗车', labour: 45, parts: [] },
  { name: '精致洗车', labour: 45, parts: [] },
  { name: '打蜡', labour: 120, parts: [{ code: 'WAX', name: '车蜡', price: 80 }] },
  { name: '内饰深度清洁', labour: 280, parts: [] },
  { name: '漆面镀晶', labour: 600, parts: [{ code: 'CERAMIC', name: '镀晶剂', price: 680 }] },
  { name: '空调除味杀菌', labour: 88, parts: [{ code: 'AC_CLEAN', name: '空调清洗剂', price: 58 }] },
];

const TYRE: Item[] = [
  { name: '补胎', labour: 40, parts: [] },
  { name: '轮胎换位', labour: 60, parts: [] },
  { name: '四轮动平衡', labour: 80, parts: [] },
  { name: '更换轮胎', labour: 80, parts: [{ code: 'TYRE', name: '轮胎 ×2', price: 1180 }] },
];

/** The labour and parts lines of one order of a service type; `factor` scales prices (car class). */
export function orderLines(random: Random, serviceType: ServiceType, { factor = 1, electric = false } = {}): NewOrderLine[] {
  const fen = (yuan: number) => Math.round(yuan * factor) * 100;
  const lines = (items: Item[], quantity = 1): NewOrderLine[] =>
    items.flatMap((item) => [
      ...(item.labour > 0 ? [{ kind: 'labour' as const, name: item.name, quantity, unitPriceFen: fen(item.labour) }] : []),
      ...item.parts.map((part) => ({ kind: 'part' as const, code: part.code, name: part.name, quantity, unitPriceFen: fen(part.price) })),
    ]);
  switch (serviceType) {
    case 'beauty':
      return lines([random.pick(BEAUTY)]);
    case 'tyre':
      return lines([random.pick(TYRE)]);
    case 'bodywork':
      return lines([SERVICE_ITEMS.find((item) => item.name.startsWith('钣金'))!], random.int(1, 3));
    case 'maintenance': {
      const items = SERVICE_ITEMS.filter((item) => item.kind === 'maintenance' && !(item.fuelOnly && electric));
      return lines([items[0], ...items.slice(1).filter(() => random.chance(0.1))]);
    }
    default: {
      const items = SERVICE_ITEMS.filter((item) => item.kind === 'repair' && !item.name.startsWith('钣金') && item.name !== '更换轮胎');
      return lines([...new Set([random.pick(items), ...(random.chance(0.3) ? [random.pick(items)] : [])])]);
    }
  }
}

export function paymentFor(random: Random, serviceType: ServiceType): PaymentMethod {
  if (serviceType === 'bodywork' && random.chance(0.45)) return 'insurance';
  if (serviceType === 'beauty' && random.chance(0.4)) return 'member';
  return random.weighted([['wechat', 46], ['alipay', 24], ['card', 12], ['cash', 5], ['member', 13]] as const);
}

/**
 * The 服务顾问 names the development ERP writes on its orders: its own staff list, no accounts here
 * (so they rank nobody until the chain gives them accounts with an advisor's 岗位, issue 33). The demo
 * seed's own orders name the stores' real advisors (accounts.ts storeAdvisors).
 */
const ERP_ADVISORS = ['孙悦', '何平', '高翔', '林琳', '徐磊', '马丽'];

/** The 服务顾问 (of the development ERP) and technicians of the index-th store of a chain (people work at one store). */
export function staffOf(storeIndex: number) {
  return {
    advisors: [ERP_ADVISORS[(storeIndex * 2) % ERP_ADVISORS.length]!, ERP_ADVISORS[(storeIndex * 2 + 1) % ERP_ADVISORS.length]!],
    technicians: [0, 1, 2].map((n) => TECHNICIANS[(storeIndex * 3 + n) % TECHNICIANS.length]!),
  };
}

/** Busier at weekends, before the Spring Festival, in summer (air conditioning) and in October. */
export const MONTH_FACTOR = [1.25, 0.7, 1, 1.05, 1, 0.95, 1.1, 1.1, 1, 1.15, 1, 1.05];
export const weekdayFactor = (day: string) => ([0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay()) ? 1.5 : 1);
