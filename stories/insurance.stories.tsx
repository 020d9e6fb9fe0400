import { createElement } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import '../widgets/insurance-lookup';
import '../widgets/insurance-quote';
import '../widgets/insurance-analysis';
import { STORY_TOKEN } from './customer-fixtures';
import { installInsuranceFixture } from './insurance-fixtures';

/**
 * 保险查询, 保险报价 and 保险分析 on recorded answers (stories/insurance-fixtures.ts); the live
 * journey is in tests/e2e/insurance.test.ts.
 */
const meta: Meta = {
  title: 'Widgets/保险 garage-insurance-*',
  beforeEach: installInsuranceFixture,
  render: (args) => <div style={{ padding: 16, background: '#f4f5f7' }}>{createElement(String(args.tag), { token: STORY_TOKEN, ...(args.attributes as object) })}</div>,
};
export default meta;

export const Lookup: StoryObj = { args: { tag: 'garage-insurance-lookup' }, parameters: { customElement: 'garage-insurance-lookup' } };
export const Quote: StoryObj = { args: { tag: 'garage-insurance-quote', attributes: { 'vehicle-id': '101' } }, parameters: { customElement: 'garage-insurance-quote' } };
/** The customer's view of a shared link: read-only, no login. */
export const SharedSheet: StoryObj = {
  args: { tag: 'garage-insurance-quote', attributes: { share: 'story-share-token-0000000000' } },
  decorators: [(Story) => <div style={{ width: 360 }}><Story /></div>],
};
export const Analysis: StoryObj = { args: { tag: 'garage-insurance-analysis' }, parameters: { customElement: 'garage-insurance-analysis' } };

/** The WeCom sidebar: each policy becomes a card. */
export const LookupNarrow: StoryObj = { ...Lookup, decorators: [(Story) => <div style={{ width: 360 }}><Story /></div>] };
