import { define, type WidgetElement } from '../core';
// Shows 「请先登录」 while nobody is signed in (define() renders nothing without it).
import '../core/signed-out';
import { InsuranceRates } from './Rates';
import { insuranceRatesStyles } from './styles';

/**
 * 保险公司费率：本连锁各保险公司的车损险基础保费与费率、三者险各档基准保费、座位险与附加险费率、自主定价系数，
 * 保险报价按这些数据计算。所有有「保险」权限的员工可查看；只有总部管理员可以修改，多人同时修改时后保存的会被告知「已被他人修改」，
 * 每次保存都记入操作日志。
 *
 * @title 保险公司费率
 * @summary 各保险公司的商业险基准保费与系数（总部管理员维护）。
 */
define('garage-insurance-rates', InsuranceRates, { styles: insuranceRatesStyles });

declare global {
  interface HTMLElementTagNameMap {
    'garage-insurance-rates': WidgetElement;
  }
}
