import { createElement } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import '../widgets/mall';
import { STORY_TOKEN } from './customer-fixtures';
import { installMallFixture } from './mall-fixtures';

/**
 * <garage-mall> on recorded-style answers (stories/mall-fixtures.ts): every kind, and the checkout
 * clicked through to 「开通成功」 with the development adapter's 模拟支付成功. The live journeys are
 * in tests/e2e/mall.test.ts.
 */
const meta: Meta = {
  title: 'Widgets/商城 garage-mall',
  beforeEach: () => installMallFixture(),
  parameters: { customElement: 'garage-mall' },
  args: { kind: 'pricing' },
  argTypes: { kind: { control: 'select', options: ['pricing', 'package', 'sms', 'web-phone', 'enterprise-wechat', 'insurance-analysis', 'customer-analysis'] } },
  render: (args) => <div style={{ padding: 16, background: '#f4f5f7' }}>{createElement('garage-mall', { token: STORY_TOKEN, ...args })}</div>,
};
export default meta;

/** 价格商城: the chain runs 专业版 with 3 stores; 旗舰版 shows its pro-rated upgrade price. */
export const Pricing: StoryObj = {};
/** 续费套餐 with order history (已开通, 已取消 because unpaid, 已申请发票). */
export const Renewal: StoryObj = { args: { kind: 'package' } };
/** The edition expired 8 days ago: the read-only grace period explained. */
export const RenewalInGrace: StoryObj = { args: { kind: 'package' }, beforeEach: () => installMallFixture({ edition: 'grace' }) };
/** Past the grace period: locked, data kept. */
export const RenewalLocked: StoryObj = { args: { kind: 'package' }, beforeEach: () => installMallFixture({ edition: 'locked' }) };
export const SmsMall: StoryObj = { args: { kind: 'sms' } };
export const WebPhone: StoryObj = { args: { kind: 'web-phone' } };
export const EnterpriseWechat: StoryObj = { args: { kind: 'enterprise-wechat' } };
export const InsuranceAnalysis: StoryObj = { args: { kind: 'insurance-analysis' } };
export const CustomerAnalysis: StoryObj = { args: { kind: 'customer-analysis' } };
/** A store manager: prices shown, 购买 disabled with who can buy. */
export const NotAnAdmin: StoryObj = { args: { kind: 'sms' }, beforeEach: () => installMallFixture({ canBuy: false }) };
/** The WeCom sidebar, 360 px. */
export const NarrowPricing: StoryObj = { decorators: [(Story) => <div style={{ width: 360 }}><Story /></div>] };
export const NarrowRenewal: StoryObj = { args: { kind: 'package' }, decorators: [(Story) => <div style={{ width: 360 }}><Story /></div>] };
