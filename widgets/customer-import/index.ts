import { define, type WidgetElement } from '../core';
// Shows 「请先登录」 while nobody is signed in (define() renders nothing without it).
import '../core/signed-out';
// The core loads no Shoelace component: the icons of the buttons and the drop zone come from here.
import '@shoelace-style/shoelace/dist/components/icon/icon.js';
import '@shoelace-style/shoelace/dist/components/tab-group/tab-group.js';
import '@shoelace-style/shoelace/dist/components/tab/tab.js';
import '@shoelace-style/shoelace/dist/components/tab-panel/tab-panel.js';
import { CustomerImport, type CustomerImportProps } from './CustomerImport';
import { customerImportStyles } from './styles';

/**
 * 从 Excel（.xlsx）或 CSV（UTF-8 / GBK）批量导入客户、潜在客户或保单（交强险、商业险）：下载模板、上传文件、核对列（可存为预设）、
 * 预览问题行并选择重复数据的处理方式，然后在后台导入，显示进度、结果与错误报告。关闭页面不会中断导入。
 * 需要「客户导入」权限；导入保单还需要「保险」权限，保单按车牌号或车架号对应到已建档的车辆。
 *
 * @title 批量导入
 * @summary 从表格批量导入客户、潜在客户与保单，后台运行并给出错误报告。
 */
define('garage-customer-import', CustomerImport, {
  props: {
    /** 导入什么：customer（客户，默认）、potential（潜在客户：列表与批量导入两个标签页）或 policy（保单）。 */
    kind: 'string',
  },
  styles: customerImportStyles,
});

declare global {
  interface HTMLElementTagNameMap {
    'garage-customer-import': WidgetElement<CustomerImportProps>;
  }
}
