import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { SlIcon } from '../ui';

interface HelpTopic {
  id: string;
  icon: string;
  title: string;
  steps: string[];
  links?: { to: string; label: string }[];
}

/** How to use each area of the product (the menu groups, plus phone, tabs and upgrades). */
const topics: HelpTopic[] = [
  {
    id: 'start', icon: 'lightning-charge', title: '快速上手',
    steps: [
      '使用管理员分配的账号密码登录，或切换到「验证码登录」用手机号接收短信验证码；在企业微信工作台中打开时会自动登录。',
      '右上角可切换企业和当前门店：总部账号可以查看全部门店，门店账号只看到自己的门店，下拉列表中会显示每个门店的客户数。',
      '打开的页面会出现在顶部标签栏，点标签快速切换；标签右侧菜单可「刷新」「关闭」「关闭其他」。工作台标签始终保留。',
      '右上角头像菜单里可以「修改密码」和「退出登录」；退出后本机不会保留任何登录信息。',
    ],
  },
  {
    id: 'workbench', icon: 'speedometer2', title: '工作台',
    steps: [
      '「工作台」汇总今日到店、待回访、保养到期和保险到期客户，点击数字直接进入对应客户列表。',
      '「智慧大屏」适合投放在门店电视上，实时展示进店、施工、交车和营收数据。',
    ],
    links: [{ to: '/home/workKanBan', label: '打开工作台' }],
  },
  {
    id: 'customers', icon: 'people', title: '客户',
    steps: [
      '「客户列表」支持按车牌、手机号、到店时间、消费金额、标签等条件筛选，常用条件可保存后一键调用。',
      '「客户看板」按流失风险和消费层级对客户分层；「全景车辆」查看一辆车的档案、保养时间轴、保险和消费记录。',
      '「批量导入」先下载 Excel 模板，填写后上传，系统会逐行校验并给出错误行；「潜在客户」用于导入尚未到店的意向客户。',
      '「标签管理」维护客户标签，标签可在客户列表中批量打上，也可作为短信分组的条件。',
    ],
    links: [{ to: '/home/externalmanage', label: '打开客户列表' }],
  },
  {
    id: 'marketing', icon: 'megaphone', title: '营销',
    steps: [
      '先在「客户分组」中按条件建立分组，再到「短信营销」选择分组和模板发送，可立即发送或定时发送。',
      '短信余量不足时在「短信购买」充值；营销短信会自动附带退订说明。',
    ],
    links: [{ to: '/home/sms/smsWork', label: '打开短信营销' }],
  },
  {
    id: 'insurance', icon: 'shield-check', title: '保险',
    steps: [
      '「保险查询」输入车牌或车架号，查看交强险和商业险的到期时间，提前 90 天提醒续保。',
      '「保险报价」录入车辆和险种，一次获取多家保险公司报价；「保险分析」查看续保率和险种结构。',
    ],
  },
  {
    id: 'data', icon: 'bar-chart-line', title: '数据',
    steps: [
      '「诊断表」从客户留存、产值和转化三方面诊断门店经营；「数据报表」可按门店和时间段导出。',
      '「数据统计」展示门店与员工 KPI 的目标和完成情况。总部账号可对比各门店数据。',
    ],
  },
  {
    id: 'settings', icon: 'gear', title: '设置',
    steps: [
      '「设置中心」包含门店基础信息、组织架构、岗位池、指标库、指标树、系统设置和客户运营规则。',
      '「权限管理」为员工分配角色和数据范围：数据范围为“全部门店”的员工可以查看整个企业的数据，其余员工只能查看所属门店。',
      '菜单会按账号权限显示；看不到某个菜单或打开时提示「暂无权限」，请联系管理员开通。',
    ],
    links: [{ to: '/home/organization/userAuth', label: '打开权限管理' }],
  },
  {
    id: 'mall', icon: 'shop', title: '商城',
    steps: [
      '「项目商城」开通短信、网络电话、企业微信、保险分析等增值服务；「价格商城」查看各模块价格；「续费套餐」查看有效期并续费。',
    ],
  },
  {
    id: 'phone', icon: 'telephone', title: '网络电话',
    steps: [
      '开通网络电话后，在客户列表点击电话图标即可从浏览器外呼，页面底部会出现通话条，显示状态和通话时长。',
      '首次外呼时请允许浏览器使用麦克风；如提示“未检测到麦克风”，请插入耳麦后重试。通话余额不足时请到项目商城充值。',
    ],
  },
  {
    id: 'upgrade', icon: 'arrow-clockwise', title: '系统升级与版本更新',
    steps: [
      '发布新版本后，页面会弹出“版本更新”提示并倒计时，倒计时结束自动刷新到新版本；您也可以先关闭提示，倒计时仍会继续，请及时保存正在编辑的内容。',
      '计划内的系统升级会提前通过“系统升级通知”告知，升级期间部分功能可能短暂不可用，数据不会丢失。',
    ],
  },
];

export default function HelpsPage() {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [hash]);

  return (
    <div className="helps">
      <nav className="helps__toc" aria-label="帮助目录">
        {topics.map((topic) => (
          <a key={topic.id} href={`#${topic.id}`} className={hash === `#${topic.id}` ? 'helps__toc-link helps__toc-link--active' : 'helps__toc-link'}>
            <SlIcon name={topic.icon} />
            {topic.title}
          </a>
        ))}
      </nav>
      <div className="helps__content">
        {topics.map((topic) => (
          <section key={topic.id} id={topic.id} className="helps__topic">
            <h2><SlIcon name={topic.icon} />{topic.title}</h2>
            <ol>
              {topic.steps.map((step) => <li key={step}>{step}</li>)}
            </ol>
            {topic.links && (
              <p className="helps__links">
                {topic.links.map((link) => <Link key={link.to} to={link.to}>{link.label} →</Link>)}
              </p>
            )}
          </section>
        ))}
        <section className="helps__topic">
          <h2><SlIcon name="headset" />还需要帮助？</h2>
          <p>查看 <Link to="/plugins">插件嵌入说明</Link>、<Link to="/privacy">隐私政策</Link> 和 <Link to="/terms">用户协议</Link>，或联系您的客户成功经理。</p>
        </section>
      </div>
    </div>
  );
}
