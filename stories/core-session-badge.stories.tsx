import type { Meta, StoryObj } from '@storybook/react-vite';
import { batch, logout, session, setGarageList, setStoreList } from '../widgets/core';
import '../widgets/session-badge';

/**
 * <garage-session-badge> in each session state. The session is set directly (admin status known,
 * name and stores present), so the badge has no reason to call the server.
 */
interface BadgeState {
  nickName: string;
  garageName: string;
  storeName: string;
  headquarters: boolean;
}

/** The session to show, plus the element's attributes (controls from the manifest). */
type BadgeArgs = BadgeState & Partial<Pick<HTMLElementTagNameMap['garage-session-badge'], 'apiBase' | 'token'>>;

function applySession({ nickName, garageName, storeName, headquarters }: BadgeState) {
  batch(() => {
    logout();
    session.admin.value = false;
    session.usertoken.value = 'storybook-token';
    session.userId.value = '1';
    session.garageId.value = '1';
    session.nickName.value = nickName;
    session.garageName.value = garageName;
    setGarageList([{ id: 1, name: garageName, selected: true, isHq: headquarters }]);
    setStoreList(storeName ? [{ code: 'S1', name: storeName, count: 1280, selected: true }] : []);
  });
}

const meta: Meta<BadgeArgs> = {
  title: '核心/账号徽标 garage-session-badge',
  args: { nickName: '王店长', garageName: '深圳车管家', storeName: '南山旗舰店', headquarters: false },
  parameters: { customElement: 'garage-session-badge' },
  render: ({ nickName, garageName, storeName, headquarters, ...attributes }) => {
    applySession({ nickName, garageName, storeName, headquarters });
    return <garage-session-badge {...attributes}></garage-session-badge>;
  },
};
export default meta;

type Story = StoryObj<BadgeArgs>;

export const StoreManager: Story = { name: '门店店长' };

export const Headquarters: Story = {
  name: '总部管理员',
  args: { nickName: '陈总', garageName: '车管家连锁总部', storeName: '全部门店', headquarters: true },
};

export const LongNames: Story = {
  name: '超长名称',
  args: { nickName: '欧阳前台接待员小美', storeName: '深圳市南山区科技园高新南七道旗舰维修中心' },
};

export const SignedOut: Story = {
  name: '未登录',
  render: () => {
    logout();
    return <garage-session-badge></garage-session-badge>;
  },
};
