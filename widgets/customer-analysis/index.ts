import { define, type WidgetElement } from '../core';
// Shows 「请先登录」 while nobody is signed in (define() renders nothing without it).
import '../core/signed-out';
import { CustomerAnalysis } from './Analysis';
import { analysisStyles } from './styles';

/**
 * 客户分析：新客按首次到店月份分队列、逐月回店比例（队列三角表与平均回店率曲线），各门店活跃/沉睡/流失客户
 * （按设置中心 › 客户运营的天数，点门店可只看该店），每月新增流失，客户消费金额分布。需要「数据」权限；
 * 连锁未开通「客户分析」增值服务时显示它在项目商城的产品页。图表（ECharts）只在这个组件显示时才下载。
 *
 * @title 客户分析
 * @summary 新客回店队列、客户阶段与流失、消费分布。
 */
define('garage-customer-analysis', CustomerAnalysis, { styles: analysisStyles });

declare global {
  interface HTMLElementTagNameMap {
    'garage-customer-analysis': WidgetElement;
  }
}
