import { createElement, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { loadWidget } from '../widgets';
import { messages } from '../messages';

/**
 * /helps, the one help centre: <garage-help-center> (the articles of docs/help/, the same widget
 * as 设置中心 › 帮助中心). `/helps#<article>` opens one article — the upgrade notice's 查看详情
 * (#upgrade) and the 查看使用帮助 links of 功能介绍.
 */
export default function HelpsPage() {
  const { hash, key } = useLocation();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let alive = true;
    void loadWidget('help-center', 'garage-help-center').then((loaded) => alive && setReady(loaded));
    return () => { alive = false; };
  }, []);
  const article = decodeURIComponent(hash.slice(1));

  return (
    <div className="helps">
      {/* A new key per visit: following another 查看使用帮助 link opens its article even when this page is open. */}
      {ready ? createElement('garage-help-center', { key, article: article || undefined, class: 'page-widget' }) : <p className="helps__loading">{messages.pageLoading}</p>}
      <aside className="helps__more">
        <p>想先了解每个模块能做什么、哪些即将上线？看 <Link to="/home/organization/featureIntro">功能介绍</Link>。</p>
        <p>另见 <Link to="/plugins">插件嵌入说明</Link>、<Link to="/privacy">隐私政策</Link> 和 <Link to="/terms">用户协议</Link>；还有问题请联系您的客户成功经理。</p>
      </aside>
    </div>
  );
}
