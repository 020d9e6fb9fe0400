import { define, type WidgetElement } from '../core';
// Shows 「请先登录」 while nobody is signed in (define() renders nothing without it).
import '../core/signed-out';
// The core loads no Shoelace component: those this widget renders without its files importing them.
import '@shoelace-style/shoelace/dist/components/icon/icon.js';
// The panorama places <garage-maint-timeline> inside; registering it here keeps the panorama usable alone.
import '../maint-timeline';
import { VehiclePanorama, type VehiclePanoramaProps } from './VehiclePanorama';
import { vehiclePanoramaStyles } from './styles';

/**
 * 一辆车的档案、车主、保险、消费记录和保养时间轴汇总在一页；没有给车辆时先按车牌号或 VIN 查找。
 *
 * @title 全景车辆
 * @summary 一辆车的档案、保险与消费记录汇总。
 * @fires garage-call - 点车主号码外呼时派发，同页的 `<garage-phone-bar>` 接到后拨出。
 */
define('garage-vehicle-panorama', VehiclePanorama, {
  props: {
    /** 车辆 id；不设时读页面地址里的 `?vehicleId=`，都没有则先查找车辆。 */
    vehicleId: 'string',
  },
  styles: vehiclePanoramaStyles,
});

declare global {
  interface HTMLElementTagNameMap {
    'garage-vehicle-panorama': WidgetElement<VehiclePanoramaProps>;
  }
}
