/**
 * Customers (issue 5): the condition builder, the list, saved conditions, groups, detail, the
 * vehicle panorama and the lifecycle board. The condition is contracts/customer-condition.ts.
 */
import { z } from 'zod';
import { apiCalls } from './route';
import { customerConditionSchema } from '../customer-condition';
import { id, idList, list, oneOf, pattern, requiredText, text } from '../fields';
import { BULK_LIMIT, LIFECYCLE_STAGES } from '../rules/customer';

const call = apiCalls('客户');

const stage = z.enum(LIFECYCLE_STAGES);
const groupKind = z.enum(['condition', 'fixed']);
/** A condition as stored (saved, in a live group): the builder reads it with storedCondition(). */
const storedCondition = z.record(z.string(), z.unknown());
const counted = z.object({ name: z.string(), count: z.number() });
const tagChip = z.object({ id: z.number(), name: z.string(), colour: z.string() });
const lifecycleRules = z.object({ newWithinDays: z.number(), activeWithinDays: z.number(), sleepingWithinDays: z.number() });
const stageCounts = z.record(stage, z.number());

export const customerVehicleSummary = z.object({
  id: z.number(),
  plate: z.string(),
  brand: z.string(),
  series: z.string(),
  model: z.string(),
  vin: z.string(),
  mileage: z.number(),
  insuranceExpiry: z.string().nullable(),
  /** 下次保养 (contracts/rules/maintenance.ts): the day, and the km it is due at. */
  nextMaintenanceDate: z.string().nullable(),
  nextMaintenanceMileage: z.number().nullable(),
});

/** A customer's next maintenance: the car due first from today on, else the one overdue last. */
export const customerNextMaintenance = z.object({ vehicleId: z.number(), plate: z.string(), date: z.string(), mileage: z.number().nullable() });

/** One row of POST /client/list, as the list widget draws it. */
export const customerRow = z.object({
  id: z.number(),
  name: z.string(),
  mobile: z.string(),
  gender: z.enum(['M', 'F']).nullable(),
  level: z.string(),
  source: z.string(),
  storeId: z.number(),
  storeName: z.string(),
  visitCount: z.number(),
  totalSpend: z.number(),
  lastVisitAt: z.string().nullable(),
  createdAt: z.string(),
  stage,
  tags: z.array(tagChip),
  vehicles: z.array(customerVehicleSummary),
  nextMaintenance: customerNextMaintenance.nullable(),
});

export const savedCondition = z.object({ id: z.number(), name: z.string(), condition: storedCondition, createdAt: z.string() });

export const customerGroup = z.object({
  id: z.number(),
  name: z.string(),
  kind: groupKind,
  condition: storedCondition.nullable(),
  memberCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string().nullable(),
  createdById: z.number().nullable(),
});

export const conditionOptions = call({
  method: 'POST',
  path: '/client/condition',
  summary: '筛选项及各项客户数（按所选门店），已保存的条件，生命周期规则',
  heavy: true,
  input: customerConditionSchema,
  answer: z.object({
    stores: z.array(z.object({ id: z.number(), name: z.string(), count: z.number() })),
    tags: z.array(tagChip.extend({ groupName: z.string(), count: z.number() })),
    brands: z.array(counted),
    levels: z.array(counted),
    sources: z.array(counted),
    groups: z.array(z.object({ id: z.number(), name: z.string(), kind: groupKind })),
    savedConditions: z.array(savedCondition),
    stages: z.array(stage),
    lifecycleRules,
  }),
});

export const customerList = call({
  method: 'POST',
  path: '/client/list',
  summary: '按条件分页查询客户（手机号按门店设置打码）',
  heavy: true,
  input: customerConditionSchema,
  answer: z.object({
    total: z.number(),
    /** True: at least `total` customers match (a broad keyword is counted up to 5,000; 选择全部 counts exactly: /client/count). */
    totalCapped: z.boolean(),
    page: z.number(),
    pageSize: z.number(),
    phoneMasked: z.boolean(),
    list: z.array(customerRow),
  }),
});

export const customerCount = call({
  method: 'POST',
  path: '/client/count',
  summary: '符合条件的客户数（精确计数，用于「选择全部」）',
  heavy: true,
  input: customerConditionSchema,
  answer: z.object({ total: z.number() }),
});

export const savedConditions = call({ method: 'GET', path: '/client/conditions', summary: '我保存的筛选条件', answer: z.array(savedCondition) });

export const saveCondition = call({
  method: 'POST',
  path: '/client/saveCondition',
  summary: '保存筛选条件（同名覆盖）',
  input: z.object({ name: requiredText('条件名称', { max: 20 }), condition: customerConditionSchema.prefault({}) }),
  answer: savedCondition,
});

const deleted = z.object({ deleted: z.boolean() });

export const deleteCondition = call({
  method: 'GET',
  path: '/client/deleteCondition',
  summary: '删除保存的筛选条件',
  input: z.object({ id: id('条件') }),
  answer: deleted,
});

export const nextGroupName = call({ method: 'GET', path: '/client/group/name', summary: '下一个未用的默认分组名（客户分组N）', answer: z.string() });

export const customerGroups = call({ method: 'GET', path: '/client/groups', summary: '客户分组及当前成员数', heavy: true, answer: z.array(customerGroup) });

const customerIds = list('客户', id('客户'), { max: BULK_LIMIT });

export const saveGroup = call({
  method: 'POST',
  path: '/client/group',
  summary: '新建分组（按条件或固定成员）；带 id 为修改',
  heavy: true,
  input: z.object({
    id: id('分组').optional(),
    name: requiredText('分组名称', { max: 20 }),
    kind: oneOf('分组类型', ['condition', 'fixed']).optional(),
    condition: customerConditionSchema.optional(),
    customerIds: customerIds.optional(),
  }),
  answer: customerGroup,
});

export const deleteGroup = call({ method: 'DELETE', path: '/client/group', summary: '删除分组', input: z.object({ id: id('分组') }), answer: deleted });

export const groupMembers = call({
  method: 'POST',
  path: '/client/group/members',
  summary: '固定分组加入或移出客户（所选客户或符合条件的全部客户）',
  heavy: true,
  input: z.object({
    groupId: id('分组'),
    action: oneOf('操作', ['add', 'remove']).default('add'),
    customerIds: customerIds.optional(),
    condition: customerConditionSchema.optional(),
  }),
  answer: z.object({ changed: z.number(), memberCount: z.number() }),
});

export const customerDetailAnswer = customerRow.extend({
  birthday: z.string().nullable(),
  remark: z.string(),
  firstVisitAt: z.string().nullable(),
  groups: z.array(z.object({ id: z.number(), name: z.string() })),
  /** 专属顾问: the staff member whose 工作台 holds this customer's tasks; null = the store's. */
  advisor: z.object({ id: z.number(), name: z.string() }).nullable(),
});

export const customerDetail = call({
  method: 'GET',
  path: '/client/detail',
  summary: '客户详情：车辆、标签、分组',
  input: z.object({ customerId: id('客户') }),
  answer: customerDetailAnswer,
});

/** Who may be a 专属顾问: the 服务顾问 (contracts/rules/analysis.ts ADVISOR_POSITIONS) working in one of the caller's stores. */
export const advisorChoices = call({
  method: 'GET',
  path: '/client/advisors',
  summary: '可选的专属顾问：本人数据范围内门店的服务顾问（岗位为前台/服务顾问或店长的在职员工）',
  answer: z.array(z.object({ id: z.number(), name: z.string(), position: z.string(), storeIds: z.array(z.number()), wholeChain: z.boolean() })),
});

export const assignAdvisor = call({
  method: 'POST',
  path: '/client/advisor',
  summary: '设置专属顾问（所选客户或符合条件的全部客户）：顾问须在每位客户所属门店任职；advisorId 为空即清除',
  heavy: true,
  input: z.object({
    customerIds: list('客户', id('客户'), { min: 1, max: BULK_LIMIT }).optional(),
    condition: customerConditionSchema.optional(),
    advisorId: id('专属顾问').nullable(),
  }),
  answer: z.object({ updated: z.number() }),
});

export const vehiclePanorama = call({
  method: 'GET',
  path: '/vehicle/detail',
  summary: '车辆全景：车辆、车主、到店记录、保单、按年消费',
  input: z.object({ vehicleId: id('车辆').optional(), plate: pattern('车牌号', /^[\u4e00-\u9fa5A-Za-z0-9]{2,10}$/, '车牌号格式不正确', { max: 10 }).optional() }),
  answer: z.object({
    vehicle: z.object({
      id: z.number(),
      plate: z.string(),
      vin: z.string(),
      brand: z.string(),
      series: z.string(),
      model: z.string(),
      modelYear: z.number().nullable(),
      colour: z.string(),
      energyType: z.string(),
      registrationDate: z.string().nullable(),
      mileage: z.number(),
      visitCount: z.number(),
      totalSpend: z.number(),
      lastVisitAt: z.string().nullable(),
      nextMaintenanceDate: z.string().nullable(),
      nextMaintenanceMileage: z.number().nullable(),
      insuranceExpiry: z.string().nullable(),
      insuranceDaysLeft: z.number().nullable(),
      storeName: z.string(),
    }),
    owner: customerDetailAnswer,
    visits: z.array(
      z.object({
        id: z.number(),
        orderNo: z.string(),
        maintDate: z.string(),
        mileage: z.number().nullable(),
        kind: z.string(),
        items: z.array(z.object({ name: z.string() })),
        amount: z.number(),
        advisor: z.string(),
        storeName: z.string(),
      }),
    ),
    policies: z.array(
      z.object({
        id: z.number(),
        insurer: z.string(),
        policyNo: z.string(),
        compulsoryPremium: z.number(),
        commercialPremium: z.number(),
        startDate: z.string(),
        expiryDate: z.string(),
      }),
    ),
    spendByYear: z.array(z.object({ year: z.number(), visits: z.number(), spend: z.number() })),
  }),
});

export const vehicleSearch = call({
  method: 'GET',
  path: '/vehicle/search',
  summary: '按车牌或 VIN 前缀找车（最多 10 辆）',
  input: z.object({ keyword: text('关键词', { max: 17 }).default('') }),
  answer: z.array(z.object({ id: z.number(), plate: z.string(), brand: z.string(), series: z.string(), customerName: z.string() })),
});

export const customerBoard = call({
  method: 'GET',
  path: '/client/board',
  summary: '各门店各生命周期阶段的客户数',
  heavy: true,
  input: z.object({ storeIds: idList('门店', { max: 500 }).optional() }),
  answer: z.object({
    rules: lifecycleRules,
    totals: stageCounts,
    total: z.number(),
    stores: z.array(z.object({ storeId: z.number(), storeName: z.string(), counts: stageCounts, total: z.number() })),
  }),
});
