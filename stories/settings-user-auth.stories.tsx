import { createElement } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import '../widgets/user-auth';
import { installCustomerFixture, STORY_TOKEN } from './customer-fixtures';

/** <garage-user-auth> on recorded answers (stories/customer-fixtures.ts); the live journeys are in tests/e2e/user-auth.test.ts. */
const meta: Meta = {
  title: 'Widgets/权限管理 garage-user-auth',
  beforeEach: installCustomerFixture,
  parameters: { customElement: 'garage-user-auth' },
  render: (args) => <div style={{ padding: 16, background: '#f4f5f7' }}>{createElement('garage-user-auth', { token: STORY_TOKEN, ...args })}</div>,
};
export default meta;

export const Default: StoryObj = {};

/** The WeCom sidebar: each person becomes a card. */
export const Narrow: StoryObj = { render: Default.render, decorators: [(Story) => <div style={{ width: 360 }}><Story /></div>] };
