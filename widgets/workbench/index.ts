import { define, type WidgetElement } from '../core';
// Shows 「请先登录」 while nobody is signed in (define() renders nothing without it).
import '../core/signed-out';
import '@shoelace-style/shoelace/dist/components/icon/icon.js';
import { Workbench } from './Workbench';
import { workbenchStyles } from './styles';

/**
 * 工作台：今日营业额、到店台次、新客户、客单价（对比昨日和上周同日），今日任务（保养到期、保险到期、生日关怀、
 * 流失回访、预约跟进），每条一键打电话、发短信、完成；常用功能入口按权限显示。总部看全部门店的任务，
 * 店长看本店的，其他员工看自己负责的客户的。
 *
 * @title 工作台
 * @summary 今日任务与今日经营数据，登录后的首页。
 * @fires garage-call - 点「打电话」时派发，同页的 `<garage-phone-bar>` 接到后拨出。
 * @fires garage-navigate - 点客户、「发短信」或常用功能时派发，宿主应用据此跳转。
 */
define('garage-workbench', Workbench, { styles: workbenchStyles });

declare global {
  interface HTMLElementTagNameMap {
    'garage-workbench': WidgetElement;
  }
}
