import { createElement } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import '../widgets/org-structure';
import { STORY_TOKEN } from './customer-fixtures';
import { installOrganizationFixture } from './organization-fixtures';

/** <garage-org-structure> on recorded answers (stories/organization-fixtures.ts); the live journey is in tests/e2e/organization.test.ts. */
const meta: Meta = {
  title: 'Widgets/组织架构 garage-org-structure',
  beforeEach: installOrganizationFixture,
  parameters: { customElement: 'garage-org-structure' },
  render: (args) => <div style={{ padding: 16, background: '#f4f5f7' }}>{createElement('garage-org-structure', { token: STORY_TOKEN, ...args })}</div>,
};
export default meta;

export const Default: StoryObj = {};

/** The WeCom sidebar: the department sits below the tree. */
export const Narrow: StoryObj = { render: Default.render, decorators: [(Story) => <div style={{ width: 360 }}><Story /></div>] };
