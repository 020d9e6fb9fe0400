import { createElement } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import '../widgets/wecom-contact';
import '../widgets/phone-bar';
import { STORY_TOKEN } from './customer-fixtures';
import { installWecomFixture } from './wecom-fixtures';

/**
 * <garage-wecom-contact> on recorded answers (stories/wecom-fixtures.ts), 360 px wide as in WeCom's
 * chat sidebar, with the page's phone bar below; the live journeys are in tests/e2e/wecom-sidebar.test.ts.
 */
const meta: Meta = {
  title: 'Widgets/企业微信客户 garage-wecom-contact',
  beforeEach: installWecomFixture,
  parameters: { customElement: 'garage-wecom-contact' },
  args: { externalUserId: 'wmStoryBound' },
  render: (args) => (
    <div style={{ width: 360, padding: 10, background: '#f4f5f7', display: 'flex', flexDirection: 'column', gap: 10 }}>
      {createElement('garage-wecom-contact', { token: STORY_TOKEN, ...args })}
      {createElement('garage-phone-bar')}
    </div>
  ),
};
export default meta;

/** A contact linked to its customer by the remark mobile: card, two vehicles, timeline, 发短信. */
export const Bound: StoryObj = {};

/** Bound to nobody: search (type 林) and 绑定, or 新建客户 with the contact's remark and mobile. */
export const Unbound: StoryObj = { args: { externalUserId: 'wmStoryNew' } };

/** Bound to a customer of a store this user cannot see. */
export const OtherStore: StoryObj = { args: { externalUserId: 'wmStoryElsewhere' } };

/** Before the sidebar page has found the chat's contact. */
export const Waiting: StoryObj = { args: { externalUserId: '' } };

/** The widget alone on a wide page. */
export const Wide: StoryObj = {
  render: (args) => <div style={{ padding: 16, background: '#f4f5f7' }}>{createElement('garage-wecom-contact', { token: STORY_TOKEN, ...args })}</div>,
};
