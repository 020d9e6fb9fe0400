/**
 * The one route table of the host app (spec section 2): every page with its Chinese title, its
 * show-tab flag, the permission that guards it and the widget that renders it. The router, the
 * menu, the tab bar and the guard all read this table, so a page is added in exactly one place.
 *
 * `widget.folder` is the widgets/<folder>/ that defines `widget.tag`. When that folder does not
 * exist yet the page shows the 即将上线 page with `description`; a later issue only has to build
 * the widget (or correct the folder name here) for the page to come alive.
 */
import { Permission, type PermissionId } from './permissions';
import { HOME_PATH, LOGIN_PATH } from './paths';

export interface WidgetRef {
  folder: string;
  tag: string;
  attributes?: Record<string, string>;
}

/** Host-app pages that are not widgets (help, legal texts, plugins). */
export type OwnPage = 'helps' | 'privacy' | 'terms' | 'plugins' | 'login' | 'smsOverview';

export interface PageRoute {
  /** Absolute path in its canonical spelling (the router matches case-insensitively). */
  path: string;
  title: string;
  showTab: boolean;
  description: string;
  permission?: PermissionId;
  /** Every signed-in user may open it, even inside a guarded section (help explains, it changes nothing). */
  open?: boolean;
  widget?: WidgetRef;
  page?: OwnPage;
}

export interface SectionRoute {
  path: string;
  title: string;
  showTab: boolean;
  description: string;
  permission?: PermissionId;
  /** Child path the bare section path redirects to; without it the section has its own index page. */
  redirectTo?: string;
  index?: PageRoute;
  children: PageRoute[];
}

export interface Redirect {
  from: string;
  to: string;
}

export { HOME_PATH, LOGIN_PATH } from './paths';

/** Paths a visitor without a token may open (spec: route guard). */
export const PUBLIC_PATHS = ['/', '/login', '/privacy', '/terms', '/plugins'];
/** Public pages with a token in their path (a shared quote sheet). */
export const PUBLIC_PREFIXES = ['/insurance-share/'];

export const redirects: Redirect[] = [
  { from: '/', to: LOGIN_PATH },
  { from: '/workKanban', to: HOME_PATH },
  { from: '/home', to: HOME_PATH },
];

export const publicPages: PageRoute[] = [
  { path: '/login', title: '登录', showTab: false, description: '账号密码、手机验证码或企业微信登录。', page: 'login' },
  { path: '/privacy', title: '隐私政策', showTab: false, description: '门店管家如何收集、使用和保护您的信息。', page: 'privacy' },
  { path: '/terms', title: '用户协议', showTab: false, description: '使用门店管家服务的条款。', page: 'terms' },
  { path: '/plugins', title: '插件嵌入', showTab: false, description: '把门店管家的功能嵌入您自己的页面。', page: 'plugins' },
  // A quote sheet shared with a customer (保险报价 → 分享链接): read-only, opened on a phone without logging in.
  {
    path: '/insurance-share/:token', title: '保险报价单', showTab: false, description: '门店发给车主的保险报价单。',
    widget: { folder: 'insurance-quote', tag: 'garage-insurance-quote' },
  },
];

export const homePages: PageRoute[] = [
  {
    path: '/home/workKanBan', title: '工作台', showTab: true,
    description: '今日待办、到店车辆、保养提醒和门店关键指标一屏掌握。',
    widget: { folder: 'workbench', tag: 'garage-workbench' },
  },
  {
    // The big screen is meant to be projected in the shop; it is not a page one keeps open as a tab.
    path: '/home/clientKanBan', title: '智慧大屏', showTab: false, permission: Permission.bigScreen,
    description: '在门店电视上实时展示进店、施工、交车和营收数据。',
    widget: { folder: 'big-screen', tag: 'garage-big-screen' },
  },
  {
    path: '/home/clientskanban', title: '客户看板', showTab: true,
    description: '按流失风险、到店频次和消费金额分层查看客户。',
    widget: { folder: 'customer-board', tag: 'garage-customer-board' },
  },
  {
    path: '/home/clientspano', title: '全景车辆', showTab: true,
    description: '一辆车的档案、保养时间轴、保险和消费记录汇总在一处。',
    widget: { folder: 'vehicle-panorama', tag: 'garage-vehicle-panorama' },
  },
  {
    path: '/home/clientsupload', title: '批量导入', showTab: true, permission: Permission.customerImport,
    description: '用 Excel 模板批量导入客户和车辆，导入进度与错误行一目了然。',
    widget: { folder: 'customer-import', tag: 'garage-customer-import', attributes: { kind: 'customer' } },
  },
  {
    path: '/home/potentialClient', title: '潜在客户', showTab: true, permission: Permission.customerImport,
    description: '导入和跟进尚未到店的潜在客户（与批量导入同一页面）。',
    widget: { folder: 'customer-import', tag: 'garage-customer-import', attributes: { kind: 'potential' } },
  },
  {
    path: '/home/pricing', title: '价格商城', showTab: true, permission: Permission.mall,
    description: '查看并订购门店管家各功能模块的价格方案。',
    widget: { folder: 'mall', tag: 'garage-mall', attributes: { kind: 'pricing' } },
  },
  {
    path: '/home/sysPackage', title: '续费套餐', showTab: true, permission: Permission.mall,
    description: '查看当前套餐有效期，一键续费或升级套餐。',
    widget: { folder: 'mall', tag: 'garage-mall', attributes: { kind: 'package' } },
  },
  {
    path: '/home/externalmanage', title: '客户列表', showTab: true,
    description: '按条件筛选客户与车辆，保存常用筛选条件，一键外呼或发短信。',
    widget: { folder: 'customer-list', tag: 'garage-customer-list' },
  },
  {
    path: '/home/tagmanage', title: '标签管理', showTab: true,
    description: '创建和整理客户标签，让精准营销有据可依。',
    widget: { folder: 'tag-manage', tag: 'garage-tag-manage' },
  },
  {
    path: '/home/statistic', title: '诊断表', showTab: true, permission: Permission.dataAnalytics,
    description: '从客户留存、产值和转化诊断门店经营状况。',
    widget: { folder: 'diagnosis', tag: 'garage-diagnosis' },
  },
  {
    path: '/home/dataReport', title: '数据报表', showTab: true, permission: Permission.dataAnalytics,
    description: '按门店、时间和业务类型生成经营报表，支持导出。',
    widget: { folder: 'data-report', tag: 'garage-data-report' },
  },
  {
    path: '/home/kpi', title: '数据统计', showTab: true, permission: Permission.dataAnalytics,
    description: '员工与门店 KPI 统计，目标完成情况实时可见。',
    widget: { folder: 'kpi', tag: 'garage-kpi' },
  },
  {
    path: '/home/insurance', title: '保险查询', showTab: true, permission: Permission.insurance,
    description: '按车牌或车架号查询车辆保险到期情况，提前跟进续保。',
    widget: { folder: 'insurance-lookup', tag: 'garage-insurance-lookup' },
  },
];


export const sections: SectionRoute[] = [
  {
    path: '/home/organization', title: '设置中心', showTab: true, permission: Permission.settingsCentre,
    description: '门店、组织、岗位、权限与系统参数的统一设置入口。',
    redirectTo: 'userAuth',
    children: [
      { path: '/home/organization/featureIntro', title: '功能介绍', showTab: true, open: true, description: '门店管家各功能模块的介绍与上手指引。', widget: { folder: 'feature-intro', tag: 'garage-feature-intro' } },
      { path: '/home/organization/helpCenter', title: '帮助中心', showTab: true, open: true, description: '可搜索的使用说明与操作指引。', widget: { folder: 'help-center', tag: 'garage-help-center' } },
      { path: '/home/organization/metricsTree', title: '指标树', showTab: true, permission: Permission.dataAnalytics, description: '把经营目标拆解成可追踪的门店与岗位指标。', widget: { folder: 'metrics-tree', tag: 'garage-metrics-tree' } },
      { path: '/home/organization/storeBasics', title: '门店基础信息', showTab: true, description: '维护门店名称、地址、营业时间与联系方式。', widget: { folder: 'store-basics', tag: 'garage-store-basics' } },
      { path: '/home/organization/organizationalStructure', title: '组织架构', showTab: true, description: '维护总部、门店与部门的层级关系及人员归属。', widget: { folder: 'org-structure', tag: 'garage-org-structure' } },
      { path: '/home/organization/metricsLib', title: '指标库', showTab: true, description: '统一定义产值、客单价、留存率等经营指标的口径。', widget: { folder: 'metrics-lib', tag: 'garage-metrics-lib' } },
      { path: '/home/organization/jobPool', title: '岗位池', showTab: true, description: '管理前台、技师、店长等岗位及其默认权限。', widget: { folder: 'job-pool', tag: 'garage-job-pool' } },
      { path: '/home/organization/settings', title: '系统设置', showTab: true, description: '价格显示、诊断表、分页等系统级开关，ERP 与企业微信对接。', widget: { folder: 'system-settings', tag: 'garage-system-settings' } },
      // Whoever may dial (网络电话) gives and takes the lines of the staff they manage: a store manager without 设置中心 too.
      { path: '/home/organization/phoneLines', title: '电话线路', showTab: true, permission: Permission.webPhone, description: '哪些员工有电话线路（分机号），开通与收回。', widget: { folder: 'system-settings', tag: 'garage-system-settings', attributes: { view: 'phone-lines' } } },
      { path: '/home/organization/userAuth', title: '权限管理', showTab: true, description: '为员工分配角色、数据范围和功能权限。', widget: { folder: 'user-auth', tag: 'garage-user-auth' } },
      { path: '/home/organization/customerOperations', title: '客户运营', showTab: true, permission: Permission.dataAnalytics, description: '客户阶段天数、保养/保险/生日提醒规则与跟进任务。', widget: { folder: 'customer-operations', tag: 'garage-customer-operations' } },
      { path: '/home/organization/insuranceRates', title: '保险公司费率', showTab: true, permission: Permission.insurance, description: '各保险公司的商业险基准保费与系数，保险报价按此计算；总部管理员维护。', widget: { folder: 'insurance-rates', tag: 'garage-insurance-rates' } },
    ],
  },
  {
    path: '/home/sms', title: '短信管理', showTab: true, permission: Permission.smsMarketing,
    description: '短信营销、客户分组与短信充值。',
    index: { path: '/home/sms', title: '短信管理', showTab: true, description: '短信营销、客户分组与短信充值。', page: 'smsOverview' },
    children: [
      // 短信营销's parts are pages of their own (attribute `view`): the menu is their one navigation, no tab strip inside.
      { path: '/home/sms/smsWork', title: '短信营销', showTab: true, description: '选择客户分组和模板，定时群发营销短信并查看到达率。', widget: { folder: 'sms-marketing', tag: 'garage-sms-marketing', attributes: { view: 'send' } } },
      { path: '/home/sms/smsTemplate', title: '短信模板', showTab: true, description: '短信签名、每日营销条数上限和保养、续保、活动、通知模板及其审核。', widget: { folder: 'sms-marketing', tag: 'garage-sms-marketing', attributes: { view: 'templates' } } },
      { path: '/home/sms/smsRecord', title: '发送记录', showTab: true, description: '每次群发的进度、逐条送达情况和 30 天到店转化报告。', widget: { folder: 'sms-marketing', tag: 'garage-sms-marketing', attributes: { view: 'records' } } },
      { path: '/home/sms/smsOptOut', title: '退订名单', showTab: true, description: '回复退订或由员工登记、不再接收营销短信的号码。', widget: { folder: 'sms-marketing', tag: 'garage-sms-marketing', attributes: { view: 'optOuts' } } },
      { path: '/home/sms/smsConsent', title: '授权来源', showTab: true, description: '每位客户同意接收营销短信的来源。', widget: { folder: 'sms-marketing', tag: 'garage-sms-marketing', attributes: { view: 'consents' } } },
      { path: '/home/sms/clientGroup', title: '客户分组', showTab: true, description: '按条件建立客户分组，作为短信营销的发送对象。', widget: { folder: 'customer-groups', tag: 'garage-customer-groups' } },
      { path: '/home/sms/smsBuy', title: '短信购买', showTab: true, description: '查看短信余量，在线购买短信条数。', widget: { folder: 'sms-buy', tag: 'garage-sms-buy' } },
    ],
  },
  {
    path: '/home/shop', title: '项目商城', showTab: true, permission: Permission.mall,
    description: '为门店开通短信、网络电话、企业微信和数据分析等增值服务。',
    redirectTo: 'smsMall',
    children: [
      { path: '/home/shop/smsMall', title: '短信商城', showTab: true, description: '短信套餐与营销模板包。', widget: { folder: 'mall', tag: 'garage-mall', attributes: { kind: 'sms' } } },
      { path: '/home/shop/webPhone', title: '网络电话', showTab: true, permission: Permission.webPhone, description: '开通网络电话，在浏览器里直接外呼客户，通话自动留痕。', widget: { folder: 'mall', tag: 'garage-mall', attributes: { kind: 'web-phone' } } },
      { path: '/home/shop/enterprise-wechat', title: '企业微信', showTab: true, description: '对接企业微信，在聊天侧边栏查看客户档案。', widget: { folder: 'mall', tag: 'garage-mall', attributes: { kind: 'enterprise-wechat' } } },
      { path: '/home/shop/insurance-analysis', title: '保险分析', showTab: true, permission: Permission.insurance, description: '分析续保率、险种结构和保险到期分布。', widget: { folder: 'insurance-analysis', tag: 'garage-insurance-analysis' } },
      { path: '/home/shop/customer-analysis', title: '客户分析', showTab: true, permission: Permission.dataAnalytics, description: '新客回店队列、客户阶段与流失、消费分布；未开通时显示项目商城的产品页。', widget: { folder: 'customer-analysis', tag: 'garage-customer-analysis' } },
      { path: '/home/shop/insurance-quote', title: '保险报价', showTab: true, permission: Permission.insurance, description: '录入车辆信息，一次获取多家保险公司的报价。', widget: { folder: 'insurance-quote', tag: 'garage-insurance-quote' } },
      // 保险查询 › 批量导入保单 (not in spec section 2; beside the other insurance pages of /home/shop): the import's steps and jobs, kind policy.
      { path: '/home/shop/insurance-import', title: '批量导入保单', showTab: true, permission: Permission.insurance, description: '从 Excel 或 CSV 批量导入交强险、商业险保单，导入后进入续保跟进。', widget: { folder: 'customer-import', tag: 'garage-customer-import', attributes: { kind: 'policy' } } },
    ],
  },
];

export const helpsPage: PageRoute = {
  path: '/helps', title: '帮助中心', showTab: true, description: '门店管家各功能的使用说明。', page: 'helps',
};

/** Every page a signed-in user can land on, for tab titles and the guard tests. */
export const protectedPages: PageRoute[] = [
  ...homePages,
  ...sections.flatMap((section) => [...(section.index ? [section.index] : []), ...section.children]),
  helpsPage,
];

export interface MenuGroup {
  title: string;
  entries: { path: string; title: string; permission?: PermissionId }[];
}

/** A section's child without its own permission is guarded by the section's; its own one wins; an open page has none. */
export function effectivePermission(path: string): PermissionId | undefined {
  const section = sections.find((s) => path === s.path || path.startsWith(`${s.path}/`));
  const page = pageByPath.get(path);
  if (page && 'open' in page && page.open) return undefined;
  return page?.permission ?? section?.permission;
}

const pageByPath = new Map<string, PageRoute | SectionRoute>(
  [...homePages, ...sections, ...sections.flatMap((s) => s.children), helpsPage].map((p) => [p.path, p]),
);

function entry(path: string, title?: string) {
  const page = pageByPath.get(path);
  if (!page) throw new Error(`menu entry without a route: ${path}`);
  return { path, title: title ?? page.title, permission: effectivePermission(path) };
}

/**
 * The left menu, grouped by area: the one navigation of the pages it lists. A section entry
 * (设置中心, 项目商城) leads to its section, whose strip lists the section's other pages
 * (`sectionStrip`): every page has one place, the menu or a strip, never both.
 */
export const menu: MenuGroup[] = [
  { title: '工作台', entries: [entry('/home/workKanBan'), entry('/home/clientKanBan')] },
  {
    title: '客户',
    entries: [
      entry('/home/externalmanage'), entry('/home/clientskanban'), entry('/home/clientspano'),
      entry('/home/tagmanage'), entry('/home/clientsupload'), entry('/home/potentialClient'), entry('/home/shop/customer-analysis'),
      // Read by whoever reads the figures (its days count 沉睡 and 留存率); changed by a headquarters admin.
      entry('/home/organization/customerOperations'),
    ],
  },
  {
    title: '营销',
    entries: [
      entry('/home/sms/smsWork'), entry('/home/sms/smsTemplate'), entry('/home/sms/smsRecord'), entry('/home/sms/smsOptOut'),
      entry('/home/sms/smsConsent'), entry('/home/sms/clientGroup'), entry('/home/sms/smsBuy'),
    ],
  },
  {
    title: '保险',
    entries: [
      entry('/home/insurance'), entry('/home/shop/insurance-quote'), entry('/home/shop/insurance-analysis'),
      entry('/home/shop/insurance-import'), entry('/home/organization/insuranceRates'),
    ],
  },
  // Month end in one place: the figures and the targets they are held to (a store manager reads their store's).
  { title: '数据', entries: [entry('/home/statistic'), entry('/home/dataReport'), entry('/home/kpi'), entry('/home/organization/metricsTree')] },
  { title: '设置', entries: [entry('/home/organization'), entry('/home/organization/phoneLines')] },
  { title: '商城', entries: [entry('/home/shop'), entry('/home/pricing'), entry('/home/sysPackage')] },
];

const menuPaths = new Set(menu.flatMap((group) => group.entries.map((each) => each.path)));

/** A section's pages that the menu does not list: its strip, shown above them under the section's title. */
export function sectionStrip(section: SectionRoute): PageRoute[] {
  return section.children.filter((child) => !menuPaths.has(child.path));
}

/** The menu area a page belongs to: the group listing it, else the group of its section's entry. */
export function menuGroupOf(path: string): string | undefined {
  const exact = menu.find((group) => group.entries.some((each) => each.path === path));
  return (exact ?? menu.find((group) => group.entries.some((each) => path.startsWith(`${each.path}/`))))?.title;
}

/** Finds the page of a pathname, ignoring case the way the router does. */
export function findPage(pathname: string): PageRoute | undefined {
  const wanted = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  return [...protectedPages, ...publicPages].find((page) => page.path.toLowerCase() === wanted);
}

export function isPublicPath(pathname: string): boolean {
  const wanted = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  return PUBLIC_PATHS.includes(wanted) || PUBLIC_PREFIXES.some((prefix) => wanted.startsWith(prefix));
}
