import { define, type WidgetElement } from '../core';
// Shows 「请先登录」 while nobody is signed in (define() renders nothing without it).
import '../core/signed-out';
import { SystemSettings, type SystemSettingsProps } from './SystemSettings';
import { systemSettingsStyles } from './styles';

/**
 * 当前门店的显示开关（价格、完整手机号、全部客户、销售顾问、诊断表）与表格每页条数；修改需要「设置中心」权限，保存后立即作用于已登录员工。
 * 另有 ERP 对接，以及企业微信：配置是否完整、侧边栏地址、增值功能、已绑定的外部联系人与同步（立即同步、全部重新同步，需「设置中心」权限）。
 * `view="phone-lines"` 时只显示电话线路：您管理的员工是否有电话线路（分机号），开通与收回（需「网络电话」权限；总部管全部门店，门店管本店员工）。
 *
 * @title 系统设置
 * @summary 门店的显示开关、每页条数、ERP 对接、企业微信与员工的电话线路。
 */
define('garage-system-settings', SystemSettings, {
  props: {
    /** `phone-lines`：只显示电话线路（设置 › 电话线路 页）；不设时为完整的系统设置。 */
    view: 'string',
  },
  styles: systemSettingsStyles,
});

declare global {
  interface HTMLElementTagNameMap {
    'garage-system-settings': WidgetElement<SystemSettingsProps>;
  }
}
