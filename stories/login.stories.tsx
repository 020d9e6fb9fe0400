import { createElement } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { encryptText } from '../widgets/core/crypto/cipher';
import '../widgets/login';

interface LoginArgs {
  redirect: string;
}

/**
 * Recorded answers of the login calls, so the story works without a server: any password but
 * the demo one gets the server's error message.
 */
function installLoginFixture() {
  const realFetch = window.fetch;
  window.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const envelope = (body: unknown, headers: Record<string, string> = {}) =>
      new Response(encryptText(JSON.stringify(body)), { status: 200, headers: { 'Content-Type': 'text/plain', ...headers } });
    if (url.includes('/user/username-token')) {
      const { password } = JSON.parse(String(init?.body ?? '{}')) as { password?: string };
      return password === 'Garage@2026'
        ? envelope({ code: 0, msg: 'ok', data: { userId: 1, nickName: '王店长', garageId: 1 } }, { token: 'story-token' })
        : envelope({ code: 1001, msg: '账号或密码错误，还可尝试 4 次', data: null });
    }
    if (url.includes('/user/phone-code')) return envelope({ code: 0, msg: 'ok', data: null });
    if (url.includes('/user/phone-token')) return envelope({ code: 1002, msg: '验证码错误或已过期', data: null });
    return realFetch(input, init);
  };
  return () => {
    window.fetch = realFetch;
  };
}

const meta: Meta<LoginArgs> = {
  title: 'Widgets/登录 garage-login',
  args: { redirect: '/home/workKanBan' },
  beforeEach: installLoginFixture,
  parameters: { customElement: 'garage-login' },
  render: (args) => (
    <div style={{ maxWidth: 380, padding: 24 }}>
      {createElement('garage-login', args)}
    </div>
  ),
};
export default meta;

type Story = StoryObj<LoginArgs>;

/** Account and password: try `admin` / `Garage@2026`, or any other password for the error. */
export const AccountLogin: Story = {};

/** Returning to a page asked for before login. */
export const WithRedirect: Story = { args: { redirect: '/home/externalmanage' } };
