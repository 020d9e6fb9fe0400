import { createElement } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import '../widgets/diagnosis';
import { installAnalysisFixture } from './analysis-fixtures';
import { STORY_TOKEN } from './customer-fixtures';

/** <garage-diagnosis> on recorded answers (stories/analysis-fixtures.ts); the live journeys are in tests/e2e/analysis.test.ts. */
const meta: Meta = {
  title: 'Widgets/诊断表 garage-diagnosis',
  beforeEach: installAnalysisFixture,
  parameters: { customElement: 'garage-diagnosis' },
  render: (args) => <div style={{ padding: 16, background: '#f4f5f7' }}>{createElement('garage-diagnosis', { token: STORY_TOKEN, ...args })}</div>,
};
export default meta;

export const Default: StoryObj = {};

/** The WeCom sidebar. */
export const Narrow: StoryObj = { render: Default.render, decorators: [(Story) => <div style={{ width: 360 }}><Story /></div>] };
