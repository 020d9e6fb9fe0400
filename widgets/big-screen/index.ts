import { define, type WidgetElement } from '../core/base';
// Shows 「请先登录」 while nobody is signed in (define() renders nothing without it).
import '../core/signed-out';
import { BigScreen, type BigScreenProps } from './BigScreen';
import { bigScreenStyles } from './styles';

/**
 * 智慧大屏：门店电视上的深色大屏，今日与本月营业额、今日到店台次、在修工单、今日新客户、近 30 天营业额与到店台次趋势、
 * 本月门店排名和客户阶段，每分钟自动刷新，可一键全屏。需要「智慧大屏」权限。图表（ECharts）只在这个组件显示时才下载。
 *
 * @title 智慧大屏
 * @summary 门店电视上的实时经营大屏。
 */
define('garage-big-screen', BigScreen, {
  props: {
    /** 自动刷新间隔（秒），默认 60。 */
    refreshSeconds: 'number',
  },
  styles: bigScreenStyles,
});

declare global {
  interface HTMLElementTagNameMap {
    'garage-big-screen': WidgetElement<BigScreenProps>;
  }
}
