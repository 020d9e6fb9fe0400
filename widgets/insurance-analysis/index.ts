import { define, type WidgetElement } from '../core';
// Shows 「请先登录」 while nobody is signed in (define() renders nothing without it).
import '../core/signed-out';
import '@shoelace-style/shoelace/dist/components/icon/icon.js';
import { InsuranceAnalysis } from './Analysis';
import { analysisStyles } from './styles';

/**
 * 保险分析：按保单到期日期区间和门店统计各月各门店续保率、各保险公司保费、续保跟进漏斗、战败原因和员工排名，
 * 可导出 Excel（xlsx）。图表（ECharts）只在这个组件显示时才下载。需要「保险」权限和「保险分析」增值服务。
 *
 * @title 保险分析
 * @summary 续保率、保费结构、跟进漏斗、战败原因与员工排名。
 */
define('garage-insurance-analysis', InsuranceAnalysis, { styles: analysisStyles });

declare global {
  interface HTMLElementTagNameMap {
    'garage-insurance-analysis': WidgetElement;
  }
}
