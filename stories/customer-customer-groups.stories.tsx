import { createElement } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import '../widgets/customer-groups';
import { installCustomerFixture, STORY_TOKEN } from './customer-fixtures';

/** <garage-customer-groups> on recorded answers (stories/customer-fixtures.ts); the live journeys are in tests/e2e/customer-journeys.test.ts. */
const meta: Meta = {
  title: 'Widgets/客户分组 garage-customer-groups',
  beforeEach: installCustomerFixture,
  parameters: { customElement: 'garage-customer-groups' },
  render: (args) => <div style={{ padding: 16, background: '#f4f5f7' }}>{createElement('garage-customer-groups', { token: STORY_TOKEN, ...args })}</div>,
};
export default meta;

export const Default: StoryObj = {};
