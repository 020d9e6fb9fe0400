import { createElement } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import '../widgets/customer-import';
import { STORY_TOKEN } from './customer-fixtures';
import { installImportFixture } from './import-fixtures';

/**
 * <garage-customer-import> on recorded answers (stories/import-fixtures.ts): upload any file to see
 * the preview with its marked problems. The live journey is in tests/e2e/customer-import.test.ts.
 */
const meta: Meta = {
  title: 'Widgets/批量导入 garage-customer-import',
  beforeEach: () => installImportFixture(),
  parameters: { customElement: 'garage-customer-import' },
  args: { kind: 'customer' },
  render: (args) => <div style={{ padding: 16, background: '#f4f5f7' }}>{createElement('garage-customer-import', { token: STORY_TOKEN, ...args })}</div>,
};
export default meta;

export const Default: StoryObj = {};

/** An import that was running when the page opened: its progress is shown again, 20 rows a second, to 已完成. */
export const Running: StoryObj = { beforeEach: () => installImportFixture({ running: true }) };

/** 潜在客户: the list (widgets/potential-customers) and 批量导入 as two tabs. */
export const Potential: StoryObj = { args: { kind: 'potential' } };

/** The WeCom sidebar: the column mapping and the preview rows become cards. */
export const Narrow: StoryObj = { render: Default.render, decorators: [(Story) => <div style={{ width: 360 }}><Story /></div>] };
