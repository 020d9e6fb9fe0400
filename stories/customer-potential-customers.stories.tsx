import { createElement } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import '../widgets/potential-customers';
import { STORY_TOKEN } from './customer-fixtures';
import { installPotentialFixture } from './potential-fixtures';

/** <garage-potential-customers> on recorded answers (stories/potential-fixtures.ts); the live journey is in tests/e2e/potential-customers.test.ts. */
const meta: Meta = {
  title: 'Widgets/潜在客户 garage-potential-customers',
  beforeEach: installPotentialFixture,
  parameters: { customElement: 'garage-potential-customers' },
  render: (args) => <div style={{ padding: 16, background: '#f4f5f7' }}>{createElement('garage-potential-customers', { token: STORY_TOKEN, ...args })}</div>,
};
export default meta;

export const Default: StoryObj = {};

/** The WeCom sidebar: each lead becomes a card. */
export const Narrow: StoryObj = { render: Default.render, decorators: [(Story) => <div style={{ width: 360 }}><Story /></div>] };
