import '@shoelace-style/shoelace/dist/components/icon/icon.js';
import { define, type WidgetElement } from '../core';
// Shows 「请先登录」 while nobody is signed in (define() renders nothing without it).
import '../core/signed-out';
import { Diagnosis } from './Diagnosis';
import { diagnosisStyles } from './styles';

/**
 * 诊断表：各门店本月（可切换月份）的留存率、回店率、客单价、保养到期转化率、续保率，对比指标树的目标和连锁各门店的中位数，
 * 红黄绿标出 预警 / 关注 / 良好，写明原因和改进建议。需要「数据」权限，并且「系统设置」里打开了「显示诊断表」；店长只看到本店。
 *
 * @title 诊断表
 * @summary 门店经营健康度：对比目标与连锁中位数，给出原因和建议。
 */
define('garage-diagnosis', Diagnosis, { styles: diagnosisStyles });

declare global {
  interface HTMLElementTagNameMap {
    'garage-diagnosis': WidgetElement;
  }
}
