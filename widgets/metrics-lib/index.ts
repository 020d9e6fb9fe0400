import '@shoelace-style/shoelace/dist/components/icon/icon.js';
import { define, type WidgetElement } from '../core';
// Shows 「请先登录」 while nobody is signed in (define() renders nothing without it).
import '../core/signed-out';
import { MetricsLib } from './MetricsLib';
import { metricsLibStyles } from './styles';

/**
 * 指标库：内置经营指标（营业额、到店台次、客单价、新增客户数、回店率、留存率、沉睡客户数…）的口径与本月值，以及本连锁的自定义指标和按门店录入的数值。查看需要「数据」权限，修改需要管理员；门店员工只看到本人门店的值。
 *
 * @title 指标库
 * @summary 经营指标的口径与本月值。
 */
define('garage-metrics-lib', MetricsLib, { styles: metricsLibStyles });

declare global {
  interface HTMLElementTagNameMap {
    'garage-metrics-lib': WidgetElement;
  }
}
