import { define, type WidgetElement } from '../core';
// Shows 「请先登录」 while nobody is signed in (define() renders nothing without it).
import '../core/signed-out';
import '@shoelace-style/shoelace/dist/components/icon/icon.js';
import { DataReport } from './Report';
import { reportStyles } from './styles';

/**
 * 数据报表：营业额、工时/配件收入、到店台次、客单价、到店客户、新客户、回头客与回头客占比，按门店、日、周、月、
 * 服务顾问或服务类型汇总；按日期区间、门店、服务顾问、服务类型筛选；点一行（或柱子）下钻到下一层，面包屑返回；
 * 导出 Excel（xlsx，公式注入已处理）。需要「数据」权限，门店员工只看到本人门店。图表（ECharts）只在这个组件显示时下载。
 *
 * @title 数据报表
 * @summary 营业额、工单、客户与回头客，多维汇总、下钻与导出。
 */
define('garage-data-report', DataReport, { styles: reportStyles });

declare global {
  interface HTMLElementTagNameMap {
    'garage-data-report': WidgetElement;
  }
}
