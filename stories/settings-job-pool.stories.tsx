import { createElement } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import '../widgets/job-pool';
import { STORY_TOKEN } from './customer-fixtures';
import { installOrganizationFixture } from './organization-fixtures';

/** <garage-job-pool> on recorded answers (stories/organization-fixtures.ts); the live journey is in tests/e2e/organization.test.ts. */
const meta: Meta = {
  title: 'Widgets/岗位池 garage-job-pool',
  beforeEach: installOrganizationFixture,
  parameters: { customElement: 'garage-job-pool' },
  render: (args) => <div style={{ padding: 16, background: '#f4f5f7' }}>{createElement('garage-job-pool', { token: STORY_TOKEN, ...args })}</div>,
};
export default meta;

export const Default: StoryObj = {};

/** The WeCom sidebar: each position becomes a card. */
export const Narrow: StoryObj = { render: Default.render, decorators: [(Story) => <div style={{ width: 360 }}><Story /></div>] };
