import { createElement } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import '../widgets/sms-marketing';
import '../widgets/sms-buy';
import { STORY_TOKEN } from './customer-fixtures';
import { installSmsFixture } from './sms-fixtures';

/**
 * <garage-sms-marketing> and <garage-sms-buy> on recorded answers (stories/sms-fixtures.ts); the
 * live journeys against the server and the local SMSC are in tests/e2e/sms.test.ts.
 */
const meta: Meta = {
  title: 'Widgets/短信 garage-sms-marketing · garage-sms-buy',
  beforeEach: installSmsFixture,
  parameters: { customElement: 'garage-sms-marketing' },
  render: (args) => <div style={{ padding: 16, background: '#f4f5f7' }}>{createElement('garage-sms-marketing', { token: STORY_TOKEN, ...args })}</div>,
};
export default meta;

/** 发送短信 with nobody chosen yet: pick a group or a saved condition. */
export const Marketing: StoryObj = {};

/** Opened from the customer list's 发短信 with three customers. */
export const ChosenCustomers: StoryObj = { args: { 'customer-ids': '101,102,103' } };

/** The WeCom sidebar: one column. */
export const MarketingNarrow: StoryObj = { decorators: [(Story) => <div style={{ width: 360 }}><Story /></div>] };

/** 短信购买: balance, packages through the mall's checkout, ledger entries. */
export const Buy: StoryObj = {
  parameters: { customElement: 'garage-sms-buy' },
  render: () => <div style={{ padding: 16, background: '#f4f5f7' }}>{createElement('garage-sms-buy', { token: STORY_TOKEN })}</div>,
};

export const BuyNarrow: StoryObj = { render: Buy.render, decorators: [(Story) => <div style={{ width: 360 }}><Story /></div>] };
