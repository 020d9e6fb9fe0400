import { createElement } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import '../widgets/tag-manage';
import { installCustomerFixture, STORY_TOKEN } from './customer-fixtures';

/** <garage-tag-manage> on recorded answers (stories/customer-fixtures.ts); the live journeys are in tests/e2e/customer-journeys.test.ts. */
const meta: Meta = {
  title: 'Widgets/标签管理 garage-tag-manage',
  beforeEach: installCustomerFixture,
  parameters: { customElement: 'garage-tag-manage' },
  render: (args) => <div style={{ padding: 16, background: '#f4f5f7' }}>{createElement('garage-tag-manage', { token: STORY_TOKEN, ...args })}</div>,
};
export default meta;

export const Default: StoryObj = {};
