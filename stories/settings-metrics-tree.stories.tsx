import { createElement } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import '../widgets/metrics-tree';
import { installMetricsFixture } from './metrics-fixtures';
import { STORY_TOKEN } from './customer-fixtures';

/** <garage-metrics-tree> on recorded answers (stories/metrics-fixtures.ts); the live journeys are in tests/e2e/metrics.test.ts. */
const meta: Meta = {
  title: 'Widgets/指标树 garage-metrics-tree',
  beforeEach: installMetricsFixture,
  parameters: { customElement: 'garage-metrics-tree' },
  render: (args) => <div style={{ padding: 16, background: '#f4f5f7' }}>{createElement('garage-metrics-tree', { token: STORY_TOKEN, ...args })}</div>,
};
export default meta;

export const Default: StoryObj = {};

/** The WeCom sidebar. */
export const Narrow: StoryObj = { render: Default.render, decorators: [(Story) => <div style={{ width: 360 }}><Story /></div>] };
