import { define, type WidgetElement } from '../core';
// Shows 「请先登录」 while nobody is signed in (define() renders nothing without it).
import '../core/signed-out';
// The core loads no Shoelace component: those this widget renders without its files importing them.
import '@shoelace-style/shoelace/dist/components/icon/icon.js';
import { MaintTimeline, type MaintTimelineProps } from './MaintTimeline';
import { maintTimelineStyles } from './styles';

/**
 * 一辆车过去的保养维修、到期的换件提醒和未来的保养预估，按里程排在一条时间轴上；
 * 门店设置允许时显示 4S 店与本店的价格对比。
 *
 * @title 保养时间轴
 * @summary 一辆车过去的保养维修与未来的保养预估，按里程排列。
 */
define('garage-maint-timeline', MaintTimeline, {
  props: {
    /** 车辆 id：从服务器读取这辆车的时间轴。 */
    vehicleId: 'string',
    /** 直接给出的保养数据（JSON 或属性赋值），给出时不再请求服务器。 */
    points: 'json',
  },
  styles: maintTimelineStyles,
  // Points given by the page need no session; a vehicle-id without one shows 「请先登录」 itself.
  signedOut: 'widget',
});

declare global {
  interface HTMLElementTagNameMap {
    'garage-maint-timeline': WidgetElement<MaintTimelineProps>;
  }
}
