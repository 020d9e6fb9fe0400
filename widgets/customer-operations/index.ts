import { define, type WidgetElement } from '../core';
// Shows 「请先登录」 while nobody is signed in (define() renders nothing without it).
import '../core/signed-out';
import { CustomerOperations } from './CustomerOperations';
import { customerOperationsStyles } from './styles';

/**
 * 本连锁的客户阶段天数（新客、活跃、沉睡、流失）与提醒规则（保养、保险、生日），附今天各规则命中的客户数预览和跟进任务的生成。
 * 所有员工可查看；总部管理员可修改，保存后客户看板与客户列表立即按新天数分层。
 *
 * @title 客户运营
 * @summary 客户阶段天数、提醒规则与跟进任务。
 */
define('garage-customer-operations', CustomerOperations, { styles: customerOperationsStyles });

declare global {
  interface HTMLElementTagNameMap {
    'garage-customer-operations': WidgetElement;
  }
}
