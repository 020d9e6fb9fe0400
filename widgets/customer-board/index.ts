import { define, type WidgetElement } from '../core';
// Shows 「请先登录」 while nobody is signed in (define() renders nothing without it).
import '../core/signed-out';
import { CustomerBoard } from './CustomerBoard';
import { customerBoardStyles } from './styles';

/**
 * 各门店客户按生命周期阶段（新客、活跃、沉睡、流失）分层计数；点一个数字即打开客户列表，
 * 带上这个阶段和门店的筛选条件。
 *
 * @title 客户看板
 * @summary 客户分层与流失风险一览，点数字查看对应客户。
 * @fires garage-navigate - 点数字时派发，`detail.path` 是带筛选条件的客户列表地址，由嵌入页面决定如何跳转。
 */
define('garage-customer-board', CustomerBoard, { styles: customerBoardStyles });

declare global {
  interface HTMLElementTagNameMap {
    'garage-customer-board': WidgetElement;
  }
}
