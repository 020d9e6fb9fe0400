import { define, type WidgetElement } from '../core';
// Shows 「请先登录」 while nobody is signed in (define() renders nothing without it).
import '../core/signed-out';
// The core loads no Shoelace component: those this widget renders without its files importing them.
import '@shoelace-style/shoelace/dist/components/icon/icon.js';
import { CustomerGroups } from './CustomerGroups';
import { customerGroupsStyles } from './styles';

/**
 * 按已保存的筛选条件（随客户变化自动更新）或固定名单建立客户分组，重命名和删除，作为短信营销的对象。
 *
 * @title 客户分组
 * @summary 建立和管理客户分组，作为短信营销对象。
 * @fires garage-navigate - 查看分组成员时派发，`detail.path` 是带该分组条件的客户列表地址。
 */
define('garage-customer-groups', CustomerGroups, { styles: customerGroupsStyles });

declare global {
  interface HTMLElementTagNameMap {
    'garage-customer-groups': WidgetElement;
  }
}
