import { createElement } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import '../widgets/feature-intro';
import { installCustomerFixture, STORY_TOKEN } from './customer-fixtures';

/** <garage-feature-intro>: the tour of contracts/feature-tour.ts; the live journeys are in tests/e2e/help-center.test.ts. */
const meta: Meta = {
  title: 'Widgets/功能介绍 garage-feature-intro',
  beforeEach: installCustomerFixture,
  parameters: { customElement: 'garage-feature-intro', layout: 'padded' },
  render: (args) => <div style={{ padding: 16, background: '#f4f5f7' }}>{createElement('garage-feature-intro', { token: STORY_TOKEN, ...args })}</div>,
};
export default meta;

export const Default: StoryObj = {};

/** The WeCom sidebar. */
export const Narrow: StoryObj = { render: Default.render, decorators: [(Story) => <div style={{ width: 360 }}><Story /></div>] };
