/**
 * /sidebar/dev (development only, with the development WeCom adapter): a page that plays the WeCom
 * client around the chat sidebar, so the sidebar can be tried in a browser. It lists the demo
 * chain's chats (the development adapter's contacts, and a group chat), opens one, and shows the
 * real /sidebar page in a 360 px frame as WeCom's chat toolbar does. The frame signs in with the
 * development adapter's code for the staff member who follows the contact, and its `wx` is a
 * stand-in (sidebar-dev-client.ts) that answers wx.config, wx.agentConfig, getContext and
 * getCurExternalContact as the client does. app.ts never registers it in production, where
 * /sidebar/dev answers 404 (plugins/web.ts).
 */
import type { FastifyInstance } from 'fastify';
import { DEVELOPMENT_CONTACTS, DEVELOPMENT_CORP_ID } from '../providers/wecom';
import { demoChats, type DemoChat } from '../repositories/wecom';
import { sidebarHtml } from './sidebar-html';
import { sidebarScripts } from './sidebar-page';
import { wecomClientCalls, wecomClientStandIn } from './sidebar-dev-client';

const GROUP_CHAT = 'group';
/** Who is in the demo group chat: the store manager of the chain's first store. */
const GROUP_CHAT_USER = 'AnTuLi';
const STAND_IN_SCRIPT = '/sidebar/dev/wecom-client.js';
const CALLS_SCRIPT = '/sidebar/dev/calls.js';

interface Chat {
  id: string;
  name: string;
  /** A WeChat user (the @微信 mark) or a group chat. */
  kind: 'customer' | 'group';
  detail: string;
  userid: string;
  staff: string;
  messages: { from: 'them' | 'us'; text: string }[];
}

const escape = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The chats the client lists, in the adapter's order, and the one it opens first: a contact bound to a customer who has a maintenance history. */
function chatsOf(rows: DemoChat[]): { chats: Chat[]; first: string } {
  const names = new Map(DEVELOPMENT_CONTACTS.map((contact) => [contact.externalUserId, contact.name]));
  const staffOf = (row: DemoChat | undefined, userid: string) => row?.staff ?? userid;
  const chats: Chat[] = rows
    .filter((row) => names.has(row.externalUserId))
    .map((row) => ({
      id: row.externalUserId,
      name: names.get(row.externalUserId)!,
      kind: 'customer',
      detail: row.customer ? `已绑定客户 ${row.customer}${row.store ? ` · ${row.store}` : ''}` : '未绑定客户',
      userid: row.userid,
      staff: staffOf(row, row.userid),
      messages: [
        { from: 'them', text: '你好，我的车是不是该保养了？' },
        { from: 'us', text: '您好，我帮您查一下保养记录，稍等。' },
      ],
    }));
  const groupRow = rows.find((row) => row.userid === GROUP_CHAT_USER);
  chats.push({
    id: GROUP_CHAT,
    name: '门店车友群',
    kind: 'group',
    detail: '群聊',
    userid: GROUP_CHAT_USER,
    staff: staffOf(groupRow, GROUP_CHAT_USER),
    messages: [
      { from: 'them', text: '本周六店里有免费检测吗？' },
      { from: 'us', text: '有的，上午九点到十二点，欢迎大家来。' },
    ],
  });
  const first = rows.find((row) => row.customer && row.hasTimeline) ?? rows.find((row) => row.customer) ?? rows[0];
  return { chats, first: first?.externalUserId ?? GROUP_CHAT };
}

function clientHtml(chats: Chat[], open: Chat, frameSrc: string): string {
  const list = chats
    .map(
      (chat) => `<li><a href="?chat=${encodeURIComponent(chat.id)}"${chat === open ? ' aria-current="page"' : ''}>
        <span class="avatar ${chat.kind}" aria-hidden="true">${escape(chat.name.slice(0, 1))}</span>
        <span class="who"><span class="name">${escape(chat.name)}${chat.kind === 'customer' ? '<span class="wechat">@微信</span>' : ''}</span>
        <span class="detail">${escape(chat.detail)}</span></span></a></li>`,
    )
    .join('\n');
  const bubbles = open.messages.map((message) => `<p class="bubble ${message.from}">${escape(message.text)}</p>`).join('\n');
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>企业微信（开发模拟）· 门店管家侧边栏</title>
<script src="${CALLS_SCRIPT}"></script>
<style>
  * { box-sizing: border-box; }
  html, body { height: 100%; }
  body { margin: 0; display: flex; flex-direction: column; font: 14px/1.5 -apple-system, BlinkMacSystemFont, "PingFang SC", "Microsoft YaHei", "Helvetica Neue", Arial, sans-serif; color: #1f2329; background: #f0f1f3; }
  .note { margin: 0; padding: 6px 16px; background: #fff7e6; color: #8a5300; font-size: 12px; border-bottom: 1px solid #f3dfb8; }
  .note strong { font-weight: 600; }
  .client { flex: 1; min-height: 0; display: grid; grid-template-columns: 280px minmax(0, 1fr) 361px; }
  .chats { background: #f7f8fa; border-right: 1px solid #e4e6eb; overflow-y: auto; }
  .chats h1 { margin: 0; padding: 14px 16px 10px; font-size: 15px; font-weight: 600; }
  .chats ul { list-style: none; margin: 0; padding: 0 8px 8px; }
  .chats a { display: flex; gap: 10px; align-items: center; padding: 10px 8px; border-radius: 6px; color: inherit; text-decoration: none; }
  .chats a:hover { background: #eceef2; }
  .chats a[aria-current] { background: #e1e9fb; }
  .avatar { flex: none; display: grid; place-items: center; width: 40px; height: 40px; border-radius: 6px; background: #3b82f6; color: #fff; font-weight: 600; }
  .avatar.group { background: #16a34a; }
  .who { min-width: 0; display: flex; flex-direction: column; }
  .name { font-weight: 500; }
  .wechat { margin-left: 4px; color: #16a34a; font-size: 12px; font-weight: 400; }
  .detail { color: #6b7280; font-size: 12px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .conversation { display: flex; flex-direction: column; min-height: 0; background: #fff; }
  .conversation header { padding: 12px 20px; border-bottom: 1px solid #e4e6eb; }
  .conversation header .detail { display: block; }
  .messages { flex: 1; overflow-y: auto; display: flex; flex-direction: column; gap: 12px; padding: 20px; background: #f5f6f7; }
  .bubble { max-width: 70%; margin: 0; padding: 8px 12px; border-radius: 8px; background: #fff; box-shadow: 0 1px 1px rgb(0 0 0 / 6%); }
  .bubble.us { align-self: flex-end; background: #d7e6ff; }
  .calls { padding: 10px 20px 14px; border-top: 1px solid #e4e6eb; font-size: 12px; color: #4b5563; }
  .calls h2 { margin: 0 0 6px; font-size: 12px; font-weight: 600; color: #6b7280; }
  .calls ol { margin: 0; padding-left: 18px; }
  .calls li span { color: #6b7280; }
  .calls ol:empty::before { content: "侧边栏还没有调用企业微信接口"; color: #9ca3af; }
  .toolbar { display: flex; flex-direction: column; min-height: 0; border-left: 1px solid #e4e6eb; background: #fff; }
  .toolbar .tabs { display: flex; gap: 16px; padding: 0 14px; border-bottom: 1px solid #e4e6eb; font-size: 13px; }
  .toolbar .tab { padding: 10px 0 8px; border-bottom: 2px solid #2563eb; color: #2563eb; font-weight: 500; }
  .toolbar iframe { flex: 1; width: 360px; border: 0; display: block; }
  @media (max-width: 760px) {
    .client { display: flex; flex-direction: column; }
    .chats { flex: none; border-right: 0; border-bottom: 1px solid #e4e6eb; }
    .chats h1, .detail, .wechat, .conversation, .note .more { display: none; }
    .name { white-space: nowrap; }
    .chats ul { display: flex; gap: 6px; overflow-x: auto; padding: 8px; }
    .chats a { flex: none; padding: 4px 10px 4px 4px; gap: 6px; border-radius: 18px; background: #fff; border: 1px solid #e4e6eb; }
    .chats a[aria-current] { border-color: #93b4f5; }
    .avatar { width: 28px; height: 28px; border-radius: 50%; font-size: 13px; }
    .toolbar { flex: 1; border-left: 0; }
    .toolbar iframe { width: 100%; }
  }
</style>
</head>
<body>
<p class="note" role="note"><strong>开发环境 · 模拟企业微信</strong>（生产环境没有此页面）<span class="more">：右侧是门店管家的客户侧边栏（/sidebar），由本页代替企业微信客户端回答它的 JS-SDK 调用，并以跟进该客户的员工身份登录。</span></p>
<div class="client">
  <nav class="chats" aria-label="会话列表">
    <h1>消息</h1>
    <ul>
${list}
    </ul>
  </nav>
  <main class="conversation" aria-label="${escape(open.name)}">
    <header><span class="name">${escape(open.name)}${open.kind === 'customer' ? '<span class="wechat">@微信</span>' : ''}</span><span class="detail">${escape(open.detail)} · 当前员工 ${escape(open.staff)}</span></header>
    <div class="messages">
${bubbles}
    </div>
    <section class="calls" aria-label="侧边栏的 JS-SDK 调用">
      <h2>侧边栏向企业微信的调用</h2>
      <ol id="wecom-calls"></ol>
    </section>
  </main>
  <aside class="toolbar" aria-label="聊天工具栏">
    <div class="tabs"><span class="tab">客户档案</span></div>
    <iframe title="门店管家客户侧边栏" src="${escape(frameSrc)}"></iframe>
  </aside>
</div>
</body>
</html>
`;
}

export default async function sidebarDev(app: FastifyInstance) {
  const frame = sidebarHtml(sidebarScripts(app.config.distDir), STAND_IN_SCRIPT);
  const script = (body: () => void) => `(${body.toString()})();\n`;

  app.get<{ Querystring: { chat?: string } }>('/sidebar/dev', async (request, reply) => {
    const rows = await demoChats(
      app.db,
      DEVELOPMENT_CORP_ID,
      DEVELOPMENT_CONTACTS.map((contact) => ({ externalUserId: contact.externalUserId, userid: contact.followUsers[0]?.userid ?? GROUP_CHAT_USER })),
    );
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (rows.length === 0) {
      return reply.send(`<!doctype html><meta charset="utf-8"><title>企业微信（开发模拟）</title><p>演示企业（${DEVELOPMENT_CORP_ID}）尚未载入：请运行 <code>npm run seed</code> 后刷新本页。</p>`);
    }
    const { chats, first } = chatsOf(rows);
    const open = chats.find((chat) => chat.id === request.query.chat) ?? chats.find((chat) => chat.id === first)!;
    // What WeCom's OAuth hands the page: the development adapter's code for the staff member in this chat.
    const frameSrc = `/sidebar/dev/frame?chat=${encodeURIComponent(open.id)}&code=${encodeURIComponent(`dev:${DEVELOPMENT_CORP_ID}:${open.userid}`)}&state=`;
    return reply.send(clientHtml(chats, open, frameSrc));
  });

  app.get('/sidebar/dev/frame', async (_request, reply) => reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(frame));
  app.get(STAND_IN_SCRIPT, async (_request, reply) => reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(script(wecomClientStandIn)));
  app.get(CALLS_SCRIPT, async (_request, reply) => reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(script(wecomClientCalls)));
}
