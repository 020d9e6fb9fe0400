import { createElement } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import '../widgets/system-settings';
import { installCustomerFixture, STORY_TOKEN } from './customer-fixtures';

/** <garage-system-settings> on recorded answers (stories/customer-fixtures.ts); the live journeys are in tests/e2e/system-settings.test.ts. */
const meta: Meta = {
  title: 'Widgets/系统设置 garage-system-settings',
  beforeEach: installCustomerFixture,
  parameters: { customElement: 'garage-system-settings' },
  render: (args) => <div style={{ padding: 16, background: '#f4f5f7' }}>{createElement('garage-system-settings', { token: STORY_TOKEN, ...args })}</div>,
};
export default meta;

export const Default: StoryObj = {};

/** The WeCom sidebar. */
export const Narrow: StoryObj = { render: Default.render, decorators: [(Story) => <div style={{ width: 360 }}><Story /></div>] };
