import { createElement } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import '../widgets/kpi';
import { installAnalysisFixture } from './analysis-fixtures';
import { STORY_TOKEN } from './customer-fixtures';

/** <garage-kpi> on recorded answers (stories/analysis-fixtures.ts); the live journeys are in tests/e2e/analysis.test.ts. */
const meta: Meta = {
  title: 'Widgets/数据统计 garage-kpi',
  beforeEach: installAnalysisFixture,
  parameters: { customElement: 'garage-kpi' },
  render: (args) => <div style={{ padding: 16, background: '#f4f5f7' }}>{createElement('garage-kpi', { token: STORY_TOKEN, ...args })}</div>,
};
export default meta;

export const Default: StoryObj = {};

/** The WeCom sidebar. */
export const Narrow: StoryObj = { render: Default.render, decorators: [(Story) => <div style={{ width: 360 }}><Story /></div>] };
