import { createElement } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import '../widgets/store-basics';
import { STORY_TOKEN } from './customer-fixtures';
import { installStoreFixture, STORE_ADMIN_PROFILES } from './store-fixtures';

/** <garage-store-basics> on recorded answers (stories/store-fixtures.ts); the live journey is in tests/e2e/store-basics.test.ts. */
const meta: Meta = {
  title: 'Widgets/门店基础信息 garage-store-basics',
  beforeEach: () => installStoreFixture(),
  parameters: { customElement: 'garage-store-basics' },
  render: (args) => <div style={{ padding: 16, background: '#f4f5f7' }}>{createElement('garage-store-basics', { token: STORY_TOKEN, ...args })}</div>,
};
export default meta;

/** The headquarters admin: every store, one closed with customers still to move. */
export const Default: StoryObj = {};

/** A 门店管理员 sees and edits only their own store. */
export const StoreAdmin: StoryObj = { beforeEach: () => installStoreFixture(STORE_ADMIN_PROFILES) };

/** The WeCom sidebar: one card per row. */
export const Narrow: StoryObj = { render: Default.render, decorators: [(Story) => <div style={{ width: 360 }}><Story /></div>] };
