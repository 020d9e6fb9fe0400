import { createElement } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import '../widgets/customer-list';
import { installCustomerFixture, STORY_TOKEN } from './customer-fixtures';

/** <garage-customer-list> on recorded answers (stories/customer-fixtures.ts); the live journeys are in tests/e2e/customer-journeys.test.ts. */
const meta: Meta = {
  title: 'Widgets/客户列表 garage-customer-list',
  beforeEach: installCustomerFixture,
  parameters: { customElement: 'garage-customer-list' },
  render: (args) => <div style={{ padding: 16, background: '#f4f5f7' }}>{createElement('garage-customer-list', { token: STORY_TOKEN, ...args })}</div>,
};
export default meta;

export const Default: StoryObj = {};

/** Opened from the board's drill-down: the sleeping customers of 城东店. */
export const FromBoard: StoryObj = {
  args: { condition: { version: 1, stage: 'sleeping', storeIds: [2] } },
};
