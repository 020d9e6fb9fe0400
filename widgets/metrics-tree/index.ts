import '@shoelace-style/shoelace/dist/components/icon/icon.js';
import { define, type WidgetElement } from '../core';
// Shows 「请先登录」 while nobody is signed in (define() renders nothing without it).
import '../core/signed-out';
import { MetricsTree } from './MetricsTree';
import { metricsTreeStyles } from './styles';

/**
 * 指标树：把月度目标（如全连锁营业额）拆解成门店与岗位目标，每个目标引用指标库的一个指标，显示实际值、完成进度，以及下级目标合计与上级不一致的提醒。查看需要「数据」权限，设置需要管理员；门店员工只看到本人门店的目标。
 *
 * @title 指标树
 * @summary 月度目标的拆解与完成进度。
 */
define('garage-metrics-tree', MetricsTree, { styles: metricsTreeStyles });

declare global {
  interface HTMLElementTagNameMap {
    'garage-metrics-tree': WidgetElement;
  }
}
