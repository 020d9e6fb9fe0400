import { useEffect, useState } from 'react';
import { SlCopyButton, SlTag } from '../ui';
import { hasWidget } from '../widgets';
import { messages } from '../messages';
import { PublicLayout } from './PublicLayout';

interface EmbeddableWidget {
  folder: string;
  tag: string;
  title: string;
  description: string;
  attributes?: string;
}

/** What a partner page can embed: one script per widget, one element each. */
const catalogue: EmbeddableWidget[] = [
  { folder: 'login', tag: 'garage-login', title: '登录', description: '账号密码、手机验证码与企业微信登录，登录后与同页其他组件共享会话。', attributes: 'redirect="/home/workKanBan"' },
  { folder: 'phone-bar', tag: 'garage-phone-bar', title: '网络电话', description: '浏览器内外呼客户，显示通话状态、计时和通话余额。', attributes: 'number="13800000000"' },
  { folder: 'customer-list', tag: 'garage-customer-list', title: '客户列表', description: '按条件筛选客户与车辆，保存常用条件。' },
  { folder: 'maint-timeline', tag: 'garage-maint-timeline', title: '保养时间轴', description: '一辆车过去的保养维修与未来的保养预估，按里程排列。', attributes: 'vehicle-id="1"' },
  { folder: 'customer-groups', tag: 'garage-customer-groups', title: '客户分组', description: '建立和管理客户分组，作为短信营销对象。' },
  { folder: 'tag-manage', tag: 'garage-tag-manage', title: '标签管理', description: '维护客户标签。' },
  { folder: 'customer-board', tag: 'garage-customer-board', title: '客户看板', description: '客户分层与流失风险一览。' },
  { folder: 'vehicle-panorama', tag: 'garage-vehicle-panorama', title: '全景车辆', description: '一辆车的档案、保险与消费记录汇总。', attributes: 'vehicle-id="1"' },
  { folder: 'insurance', tag: 'garage-insurance-lookup', title: '保险查询', description: '按车牌或车架号查询保险到期情况。' },
  { folder: 'sms', tag: 'garage-sms-marketing', title: '短信营销', description: '选择分组与模板群发短信。' },
  { folder: 'version-notice', tag: 'garage-version-notice', title: '版本更新提示', description: '发布新版本后提示用户并在倒计时结束时自动刷新。' },
];

function snippet(origin: string, widget: EmbeddableWidget) {
  const attributes = [`api-base="${origin}/api"`, ...(widget.attributes ? [widget.attributes] : [])];
  return [
    `<script type="module" src="${origin}/widgets/${widget.folder}.js"></script>`,
    `<${widget.tag}`,
    ...attributes.map((attribute) => `  ${attribute}`),
    `></${widget.tag}>`,
  ].join('\n');
}

export default function PluginsPage() {
  const origin = window.location.origin;
  const [chosen, setChosen] = useState(catalogue[1]);
  useEffect(() => {
    document.title = `插件嵌入 - ${messages.brand}`;
  }, []);
  const code = snippet(origin, chosen);

  return (
    <PublicLayout
      title="插件嵌入"
      lead="门店管家的每项功能都是一个独立的网页组件。在您自己的系统、官网或企业微信侧边栏里，只需一行脚本和一个标签，就能用上同一套功能和数据。"
    >
      <h2>三步接入</h2>
      <ol className="steps">
        <li><strong>引入脚本</strong>：每个组件一个脚本文件，只加载您用到的组件。</li>
        <li><strong>放置标签</strong>：把组件标签放在页面任意位置，样式互不影响。</li>
        <li><strong>登录</strong>：同一页面上的组件共享一个会话——放一个 <code>&lt;garage-login&gt;</code>，或通过 <code>token</code> 属性传入已有的登录令牌。</li>
      </ol>

      <h2>复制代码</h2>
      <div className="snippet">
        <div className="snippet__picker" role="radiogroup" aria-label="选择组件">
          {catalogue.map((widget) => (
            <button
              key={widget.tag}
              type="button"
              role="radio"
              aria-checked={widget === chosen}
              className={`chip${widget === chosen ? ' chip--active' : ''}`}
              onClick={() => setChosen(widget)}
            >
              {widget.title}
            </button>
          ))}
        </div>
        <div className="snippet__code">
          <pre><code data-testid="plugin-snippet">{code}</code></pre>
          <SlCopyButton value={code} copyLabel="复制代码" successLabel="已复制" errorLabel="复制失败" className="snippet__copy" />
        </div>
      </div>

      <h2>可嵌入的组件</h2>
      <table className="widget-table">
        <thead>
          <tr><th>功能</th><th>标签</th><th>说明</th><th>状态</th></tr>
        </thead>
        <tbody>
          {catalogue.map((widget) => (
            <tr key={widget.tag}>
              <td>{widget.title}</td>
              <td><code>&lt;{widget.tag}&gt;</code></td>
              <td>{widget.description}</td>
              <td>
                {hasWidget(widget.folder)
                  ? <SlTag size="small" variant="success" pill>已上线</SlTag>
                  : <SlTag size="small" variant="neutral" pill>即将上线</SlTag>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <h2>通用属性</h2>
      <ul>
        <li><code>api-base</code>：门店管家服务地址，默认与页面同源的 <code>/api</code>。</li>
        <li><code>token</code>：已登录用户的令牌；设置后同页所有组件都使用该会话。</li>
        <li>组件需要跳转页面时会派发 <code>garage-navigate</code> 事件（<code>event.detail.path</code>），由您的页面决定如何跳转。</li>
      </ul>
    </PublicLayout>
  );
}
