import { define, type WidgetElement } from '../core';
// Shows 「请先登录」 while nobody is signed in (define() renders nothing without it).
import '../core/signed-out';
// The core loads no Shoelace component: those this widget renders without its files importing them.
import '@shoelace-style/shoelace/dist/components/icon/icon.js';
import { CustomerList, type CustomerListProps } from './CustomerList';
import { customerListStyles } from './styles';

/**
 * 按门店、阶段、标签、分组等条件筛选客户与车辆，保存常用条件；勾选客户可去发短信，
 * 点号码可外呼，点车牌看全景车辆。
 *
 * @title 客户列表
 * @summary 按条件筛选客户与车辆，保存常用条件。
 * @fires garage-navigate - 去发短信或看全景车辆时派发，`detail.path` 是目标地址，由嵌入页面决定如何跳转。
 * @fires garage-call - 点客户号码外呼时派发，同页的 `<garage-phone-bar>` 接到后拨出。
 */
define('garage-customer-list', CustomerList, {
  props: {
    /** 只显示这家门店的客户（门店 id）；不设时按会话和筛选器里选的门店。 */
    storeId: 'string',
    /** 打开时的筛选条件（JSON），例如客户看板下钻带来的条件；页面地址里的 `?condition=` 优先。 */
    condition: 'json',
  },
  styles: customerListStyles,
});

declare global {
  interface HTMLElementTagNameMap {
    'garage-customer-list': WidgetElement<CustomerListProps>;
  }
}
