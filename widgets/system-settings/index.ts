import { define, type WidgetElement } from '../core';
// Shows 「请先登录」 while nobody is signed in (define() renders nothing without it).
import '../core/signed-out';
import { SystemSettings } from './SystemSettings';
import { systemSettingsStyles } from './styles';

/**
 * 当前门店的显示开关（价格、完整手机号、全部客户、销售顾问、诊断表）与表格每页条数；修改需要「设置中心」权限，保存后立即作用于已登录员工。
 *
 * @title 系统设置
 * @summary 门店的显示开关与每页条数。
 */
define('garage-system-settings', SystemSettings, { styles: systemSettingsStyles });

declare global {
  interface HTMLElementTagNameMap {
    'garage-system-settings': WidgetElement;
  }
}
