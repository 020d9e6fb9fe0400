import { createElement } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import '../widgets/help-center';
import { STORY_TOKEN } from './customer-fixtures';
import { installHelpFixture } from './help-fixtures';

/** <garage-help-center> on the real articles of docs/help/ (stories/help-fixtures.ts); the live journeys are in tests/e2e/help-center.test.ts. */
const meta: Meta = {
  title: 'Widgets/帮助中心 garage-help-center',
  beforeEach: installHelpFixture,
  // Padded, not centered: a centered canvas sizes the element to its content, which inline-size containment makes nothing.
  parameters: { customElement: 'garage-help-center', layout: 'padded' },
  render: (args) => <div style={{ padding: 16, background: '#f4f5f7' }}>{createElement('garage-help-center', { token: STORY_TOKEN, ...args })}</div>,
};
export default meta;

export const Default: StoryObj = {};

/** One article opened by its address (a 查看使用帮助 link). */
export const Article: StoryObj = { args: { article: 'customer-list' } };

/** An address that names no article. */
export const UnknownArticle: StoryObj = { args: { article: 'no-such-article' } };

/** The WeCom sidebar, with an article holding code. */
export const Narrow: StoryObj = { render: Default.render, args: { article: 'embedding' }, decorators: [(Story) => <div style={{ width: 360 }}><Story /></div>] };
