/**
 * 功能介绍: the product tour, one entry per area — what it does, who uses it, what works today and
 * what is still 即将上线, where to go (`path`, a page of host-app/src/routes.ts) and which help
 * article explains it (docs/help/<helpSlug>.md). Written once here: <garage-feature-intro> shows it;
 * host-app/src/feature-tour.test.ts holds it to the route table (paths, permissions, built widgets)
 * and to the articles that exist.
 */
import { Permission, type PermissionId } from './permissions';

export interface FeatureArea {
  id: string;
  title: string;
  /** What it does, in one or two sentences. */
  summary: string;
  /** Who uses it. */
  audience: string;
  /** What works today (empty: the whole area is 即将上线). */
  available: string[];
  /** What is announced but not built yet. */
  coming: string[];
  /** The page 去使用 opens; absent when the area has no page of its own yet. */
  path?: string;
  /** The permission that page needs (the route table's; admins pass every check). */
  permission?: PermissionId;
  /** The help article 查看使用帮助 opens. */
  helpSlug?: string;
}

export const FEATURE_AREAS: FeatureArea[] = [
  {
    id: 'customers',
    title: '客户',
    summary: '全部客户与车辆的档案：按条件筛选、分阶段查看、打标签，一辆车的保养与消费一页看全。',
    audience: '前台接待、服务顾问、店长',
    available: [
      '客户列表：关键词与条件筛选、保存常用条件、批量打标签',
      '客户看板：新客 / 活跃 / 沉睡 / 流失（天数在客户运营中设定）',
      '全景车辆与保养时间轴',
      '标签管理',
      '批量导入：xlsx / CSV 导入客户与潜在客户，预览核对、后台导入、错误报告',
      '潜在客户：跟进记录、批量分配、转为客户',
    ],
    coming: [],
    path: '/home/externalmanage',
    helpSlug: 'customer-list',
  },
  {
    id: 'sms',
    title: '短信营销',
    summary: '把客户按条件或名单分组，再向分组群发保养、续保和活动短信。',
    audience: '店长、客服与营销人员',
    available: [
      '客户分组：按条件实时计算或固定名单',
      '短信营销：模板与审核、按分组 / 条件 / 名单群发或定时发送、退订与发送时段合规、回执与转化报表',
      '短信购买：余量与明细、在线购买短信包',
    ],
    coming: [],
    path: '/home/sms/clientGroup',
    permission: Permission.smsMarketing,
    helpSlug: 'groups',
  },
  {
    id: 'insurance',
    title: '保险',
    summary: '查询车辆保险到期情况，多家保险公司一次报价，分析续保率。',
    audience: '续保专员、店长',
    available: [
      '保险查询：按到期区间和跟进状态跟进续保，批量分配，打电话、发续保短信、去报价',
      '保险报价：交强险按官方费率实时计算，多家保险公司并排对比，打印、存图、分享链接',
      '保险分析：续保率、各保险公司保费、跟进漏斗、战败原因与员工排名',
    ],
    coming: [],
    path: '/home/insurance',
    permission: Permission.insurance,
    helpSlug: 'insurance',
  },
  {
    id: 'data',
    title: '工作台与数据',
    summary: '今日待办和门店关键指标，经营诊断、报表与员工 KPI。',
    audience: '全体员工（工作台），店长、总部运营',
    available: [
      '工作台：今日保养到期、保险到期、生日、流失回访与预约跟进任务，一键打电话、发短信、完成；今日营业额、工单、新客、客单价对比昨日与上周同日',
      '智慧大屏：门店电视上的今日与本月营业额、在修工单、客户阶段、门店排名与 30 天趋势，每分钟刷新',
      '数据报表：按门店、日 / 周 / 月、服务顾问、服务类型查看营业额、工单、客户与留存，逐级下钻，导出 Excel',
      '诊断表：各门店留存率、回店率、客单价、保养到期转化率、续保率对比目标与连锁中位数，红黄绿标出并给出建议',
      '数据统计（KPI）：岗位考核指标与权重，服务顾问每月得分排名与明细',
    ],
    coming: [],
    path: '/home/workKanBan',
    helpSlug: 'metrics-lib',
  },
  {
    id: 'settings',
    title: '设置中心',
    summary: '管理门店资料、部门与岗位，开通员工账号并分配角色，设定客户阶段与提醒规则、经营指标与月度目标，以及显示开关和 ERP 对接。',
    audience: '总部与门店管理员',
    available: [
      '门店基础信息：门店资料，新增、关闭与重新启用门店',
      '组织架构与岗位池：部门树、员工归属、岗位的默认角色',
      '权限管理：员工账号、岗位、角色与数据范围、操作日志',
      '客户运营：客户阶段天数、保养 / 保险 / 生日提醒与跟进任务',
      '指标库与指标树：指标口径、本月值，月度目标拆到门店与岗位',
      '系统设置：显示开关、每页条数、ERP 对接',
      '功能介绍与帮助中心',
    ],
    coming: [],
    path: '/home/organization/userAuth',
    permission: Permission.settingsCentre,
    helpSlug: 'user-auth',
  },
  {
    id: 'mall',
    title: '商城',
    summary: '开通短信、网络电话等增值服务，查看价格方案，续费套餐。',
    audience: '门店老板、总部',
    available: [
      '项目商城：短信包、通话时长，企业微信、保险分析、客户分析',
      '价格商城：版本与功能对比，升级按剩余天数折算',
      '续费套餐：续费 1–3 年、订单记录、申请发票',
      '微信支付 / 支付宝扫码付款，付款后立即开通',
    ],
    coming: [],
    path: '/home/shop/smsMall',
    permission: Permission.mall,
    helpSlug: 'mall',
  },
  {
    id: 'wecom',
    title: '企业微信',
    summary: '在企业微信里登录门店管家，在聊天侧边栏直接查看客户档案。',
    audience: '使用企业微信服务车主的员工',
    available: [
      '企业微信扫码登录与侧边栏免登',
      '聊天侧边栏：客户卡片、保养时间轴、保险到期与报价、发短信、外呼；未绑定的联系人可搜索绑定或新建客户',
      '外部联系人同步：按备注手机号自动绑定客户，新联系人成为潜在客户',
      '系统设置 › 企业微信：检查配置、复制侧边栏地址、立即同步并查看进度',
    ],
    coming: [],
    helpSlug: 'embedding',
  },
  {
    id: 'phone',
    title: '网络电话',
    summary: '在浏览器里直接外呼客户，通话按分钟计费并记在客户名下。',
    audience: '前台接待、客服、续保专员',
    available: ['右下角电话条：拨号、通话计时', '客户列表与全景车辆一键外呼', '通话记录与余额', '在项目商城开通与购买通话时长', '设置 › 电话线路：为员工开通、收回分机'],
    coming: [],
    // The phone bar sits on every page; calls start from the customer list.
    path: '/home/externalmanage',
    permission: Permission.webPhone,
    helpSlug: 'web-phone',
  },
];

export type FeatureStatus = 'live' | 'partial' | 'soon';

/** 已上线 when nothing is still coming, 即将上线 when nothing works yet, else 部分上线. */
export const featureStatus = (area: FeatureArea): FeatureStatus =>
  area.available.length === 0 ? 'soon' : area.coming.length === 0 ? 'live' : 'partial';
