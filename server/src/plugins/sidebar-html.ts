/**
 * The HTML of /sidebar (plugins/sidebar-page.ts): the page's own look, two elements, one script,
 * and a modulepreload for each chunk that script imports (`scripts`, its path first).
 * `wecomClient`: a classic script that runs before the sidebar's, standing in for WeCom's client
 * (development only: /sidebar/dev, plugins/sidebar-dev.ts).
 */
export function sidebarHtml(scripts: string[] = ['/widgets/wecom-sidebar.js'], wecomClient?: string): string {
  const preloads = scripts.map((script) => `<link rel="modulepreload" href="${script}">`).join('\n');
  const standIn = wecomClient ? `<script src="${wecomClient}"></script>\n` : '';
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>客户侧边栏 · 门店管家</title>
${preloads}
<style>
  html { background: #f4f5f7; }
  body { margin: 0; font: 14px/1.5 -apple-system, BlinkMacSystemFont, "PingFang SC", "Microsoft YaHei", "Helvetica Neue", Arial, sans-serif; color: #27272a; }
  main { display: flex; flex-direction: column; gap: 10px; padding: 10px 10px 84px; max-width: 640px; margin: 0 auto; }
  #sidebar-status { margin: 0; padding: 8px 12px; border-radius: 6px; background: #eff6ff; color: #1e3a8a; font-size: 13px; }
  #sidebar-status[role="alert"] { background: #fef2f2; color: #991b1b; }
  #sidebar-status[hidden] { display: none; }
  .phone { position: fixed; left: 0; right: 0; bottom: 0; padding: 6px 10px; background: rgb(244 245 247 / 92%); }
  .phone garage-phone-bar { display: block; max-width: 640px; margin: 0 auto; }
</style>
${standIn}<script type="module" src="/widgets/wecom-sidebar.js"></script>
</head>
<body>
<main>
  <p id="sidebar-status" role="status">正在打开客户侧边栏…</p>
  <div id="sidebar-login"></div>
  <garage-wecom-contact hidden></garage-wecom-contact>
</main>
<div class="phone"><garage-phone-bar></garage-phone-bar></div>
</body>
</html>
`;
}
