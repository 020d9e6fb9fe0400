import { define, type WidgetElement } from '../core';
// Shows 「请先登录」 while nobody is signed in (define() renders nothing without it).
import '../core/signed-out';
import { HelpCenter, type HelpCenterProps } from './HelpCenter';
import { helpCenterStyles } from './styles';

/**
 * 可搜索的使用说明：登录与密码、客户列表、分组、标签、看板、全景车辆、网络电话、门店基础信息、组织架构、岗位池、权限管理、客户运营、指标库、指标树、系统设置、版本更新与嵌入。文章由服务器从 docs/help/ 的 Markdown 渲染；搜索标题、关键词和正文。
 *
 * @title 帮助中心
 * @summary 可搜索的帮助文章；`article` 直接打开一篇。
 * @fires garage-navigate - 点文章中指向门店管家页面的链接时派发 `{ path }`；页面不处理时按链接打开门店管家。
 */
define('garage-help-center', HelpCenter, {
  props: {
    /** 直接打开的文章（docs/help/ 中的文件名，如 `customer-list`）；不设时读页面地址里的 `?article=`，都没有则显示文章列表。 */
    article: 'string',
  },
  styles: helpCenterStyles,
});

declare global {
  interface HTMLElementTagNameMap {
    'garage-help-center': WidgetElement<HelpCenterProps>;
  }
}
