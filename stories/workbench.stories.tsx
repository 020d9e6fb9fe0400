import { createElement } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import '../widgets/workbench';
import '../widgets/big-screen';
import { STORY_TOKEN } from './customer-fixtures';
import { installWorkbenchFixture } from './workbench-fixtures';

/**
 * 工作台 and 智慧大屏 on recorded answers (stories/workbench-fixtures.ts); the live journeys are in
 * tests/e2e/workbench.test.ts.
 */
const meta: Meta = {
  title: 'Widgets/工作台 garage-workbench, garage-big-screen',
  beforeEach: installWorkbenchFixture,
  render: (args) => <div style={{ padding: 16, background: '#f4f5f7' }}>{createElement(String(args.tag), { token: STORY_TOKEN, ...(args.attributes as object) })}</div>,
};
export default meta;

export const Workbench: StoryObj = { args: { tag: 'garage-workbench' }, parameters: { customElement: 'garage-workbench' } };
/** The WeCom sidebar width: figures two by two, each task's actions under it. */
export const WorkbenchNarrow: StoryObj = { ...Workbench, decorators: [(Story) => <div style={{ width: 360 }}><Story /></div>] };
/** The shop's TV: 1920 × 1080. */
export const BigScreen: StoryObj = {
  args: { tag: 'garage-big-screen' },
  parameters: { customElement: 'garage-big-screen' },
  decorators: [(Story) => <div style={{ width: 1920, height: 1080 }}><Story /></div>],
};
