import { createElement } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import '../widgets/customer-operations';
import { STORY_TOKEN } from './customer-fixtures';
import { installCustomerOperationsFixture } from './customer-operations-fixtures';

/** <garage-customer-operations> on recorded answers (stories/customer-operations-fixtures.ts); the live journey is tests/e2e/customer-operations.test.ts. */
const meta: Meta = {
  title: 'Widgets/客户运营 garage-customer-operations',
  beforeEach: () => installCustomerOperationsFixture(),
  parameters: { customElement: 'garage-customer-operations' },
  render: (args) => <div style={{ padding: 16, background: '#f4f5f7' }}>{createElement('garage-customer-operations', { token: STORY_TOKEN, ...args })}</div>,
};
export default meta;

/** A headquarters admin: change the days and watch the counts follow. */
export const Default: StoryObj = {};

/** Staff with 设置中心 who are not headquarters admins: the rules and counts, read-only. */
export const ReadOnly: StoryObj = { beforeEach: () => installCustomerOperationsFixture({ editable: false }) };

/** The WeCom sidebar. */
export const Narrow: StoryObj = { render: Default.render, decorators: [(Story) => <div style={{ width: 360 }}><Story /></div>] };
