import '@shoelace-style/shoelace/dist/components/icon/icon.js';
import { define, type WidgetElement } from '../core';
// Shows 「请先登录」 while nobody is signed in (define() renders nothing without it).
import '../core/signed-out';
import { Kpi } from './Kpi';
import { kpiStyles } from './styles';

/**
 * 数据统计（KPI）：每位服务顾问每月的 KPI 得分排名，点开看每个指标的实际、目标、完成率和得分；每个岗位考核哪些指标、权重多少
 * （合计 100%，总部管理员设置）；指标口径与 营业额 = 到店客户 × 人均到店次数 × 客单价 的拆解。需要「数据」权限；店长看本店员工，
 * 其他员工只看本人得分。
 *
 * @title 数据统计
 * @summary 员工 KPI 得分排名、岗位考核指标与权重。
 */
define('garage-kpi', Kpi, { styles: kpiStyles });

declare global {
  interface HTMLElementTagNameMap {
    'garage-kpi': WidgetElement;
  }
}
