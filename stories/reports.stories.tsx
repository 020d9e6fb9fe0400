import { createElement } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import '../widgets/data-report';
import '../widgets/customer-analysis';
import { STORY_TOKEN } from './customer-fixtures';
import { installReportsFixture } from './reports-fixtures';

/**
 * 数据报表 and 客户分析 on generated answers (stories/reports-fixtures.ts); the live journeys are
 * tests/e2e/reports.test.ts. Export in the story asks a server that is not there (a toast says so).
 */
const meta: Meta = {
  title: 'Widgets/数据 garage-data-report, garage-customer-analysis',
  beforeEach: () => installReportsFixture(),
  render: (args) => <div style={{ padding: 16, background: '#f4f5f7' }}>{createElement(String(args.tag), { token: STORY_TOKEN })}</div>,
};
export default meta;

export const DataReport: StoryObj = { args: { tag: 'garage-data-report' }, parameters: { customElement: 'garage-data-report' } };
export const CustomerAnalysis: StoryObj = { args: { tag: 'garage-customer-analysis' }, parameters: { customElement: 'garage-customer-analysis' } };
/** A chain without the 客户分析 add-on: the element shows its 项目商城 page. */
export const CustomerAnalysisNotBought: StoryObj = { ...CustomerAnalysis, beforeEach: () => installReportsFixture({ addOn: false }) };
/** The WeCom sidebar width. */
export const DataReportNarrow: StoryObj = { ...DataReport, decorators: [(Story) => <div style={{ width: 360 }}><Story /></div>] };
export const CustomerAnalysisNarrow: StoryObj = { ...CustomerAnalysis, decorators: [(Story) => <div style={{ width: 360 }}><Story /></div>] };
