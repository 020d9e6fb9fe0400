import { createElement } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import '../widgets/version-notice';

interface VersionNoticeArgs {
  countdownSeconds: number;
}

/**
 * Serves a version.json released just now and stores an older VERSION, so the notice appears on
 * the first poll. The countdown is long so the story does not reload itself while one looks at it.
 */
function installNewRelease() {
  const realFetch = window.fetch;
  const previous = localStorage.getItem('VERSION');
  localStorage.setItem('VERSION', String(Date.now() - 86_400_000));
  const released = Date.now();
  window.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.includes('/version.json')) return Response.json({ VERSION_TIME: released });
    return realFetch(input, init);
  };
  return () => {
    window.fetch = realFetch;
    if (previous === null) localStorage.removeItem('VERSION');
    else localStorage.setItem('VERSION', previous);
  };
}

const meta: Meta<VersionNoticeArgs> = {
  title: 'Widgets/版本更新提示 garage-version-notice',
  args: { countdownSeconds: 3600 },
  beforeEach: installNewRelease,
  parameters: { customElement: 'garage-version-notice' },
  render: (args) => createElement('garage-version-notice', args),
};
export default meta;

type Story = StoryObj<VersionNoticeArgs>;

/** A new release was found: release time, countdown, 稍后 keeps counting in a small pill. */
export const NewRelease: Story = {};

/** The spec's 100-second countdown (the page reloads at 0). */
export const SpecCountdown: Story = { args: { countdownSeconds: 100 } };
