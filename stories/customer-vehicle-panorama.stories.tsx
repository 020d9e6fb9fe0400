import { createElement } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import '../widgets/vehicle-panorama';
import { installCustomerFixture, STORY_TOKEN } from './customer-fixtures';

/** <garage-vehicle-panorama> on recorded answers (stories/customer-fixtures.ts); the live journeys are in tests/e2e/customer-journeys.test.ts. */
const meta: Meta = {
  title: 'Widgets/全景车辆 garage-vehicle-panorama',
  beforeEach: installCustomerFixture,
  parameters: { customElement: 'garage-vehicle-panorama' },
  args: { vehicleId: '504' },
  render: (args) => <div style={{ padding: 16, background: '#f4f5f7' }}>{createElement('garage-vehicle-panorama', { token: STORY_TOKEN, ...args })}</div>,
};
export default meta;

export const Default: StoryObj = {};

/** No vehicle yet: the plate search prompt (type 浙AD). */
export const Search: StoryObj = { args: { vehicleId: '' } };
