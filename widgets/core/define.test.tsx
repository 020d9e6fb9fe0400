// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, getConfig } from './config';
import { define, type WidgetElement, type WidgetProps } from './define';
import { navigate, pageLocation } from './navigate';
import { useValue } from './react';
import { login, logout, session } from './session';
import { themeForShadowRoot } from './ui/styles';
import { toast } from './ui/toast';
import { loading, LOADING_CLOSE_DELAY_MS } from './ui/loading';
import { clearToasts, loadingMaskShown, toastTexts, toastTypes } from './testing/dom';
// Widgets that show data import the 请先登录 view (widgets/<feature>/index.ts); so does this test.
import './signed-out';


interface GreetingProps {
  greeting?: string;
}

declare global {
  interface HTMLElementTagNameMap {
    'test-greeting': WidgetElement<GreetingProps>;
  }
}

function Greeting({ greeting, host }: GreetingProps & WidgetProps) {
  const nickName = useValue(session.nickName);
  return (
    <p data-host={host?.localName}>
      {greeting ?? '你好'}，{nickName || '访客'}
      <sl-spinner></sl-spinner>
    </p>
  );
}

define('test-greeting', Greeting, { props: { greeting: 'string' }, styles: 'p { color: rgb(1, 2, 3); }' });

beforeEach(() => {
  logout();
  session.admin.value = false;
  document.body.innerHTML = '';
  clearToasts();
});
afterEach(() => {
  configure({ mainBase: '/api', loginPath: '' });
  vi.restoreAllMocks();
});

/** Mounts the markup and waits for the widget's first render (a transition: slower on a busy machine). */
async function mount(html: string) {
  document.body.innerHTML = html;
  const element = document.body.firstElementChild as HTMLElement;
  await vi.waitFor(() => expect(element.shadowRoot?.firstElementChild).toBeTruthy());
  return element;
}

describe('define()', () => {
  it('renders the component into a shadow root and follows the session', async () => {
    login('t-1');
    const element = await mount('<test-greeting greeting="早上好"></test-greeting>');
    const paragraph = element.shadowRoot!.querySelector('p')!;
    expect(paragraph.textContent).toBe('早上好，访客');
    expect(paragraph.dataset.host).toBe('test-greeting');
    session.nickName.value = '王店长';
    await vi.waitFor(() => expect(paragraph.textContent).toBe('早上好，王店长'));
  });

  it('shows 「请先登录」 instead of the widget while nobody is signed in, and drops it at logout', async () => {
    const element = await mount('<test-greeting></test-greeting>');
    const root = element.shadowRoot!;
    expect(root.querySelector('p')).toBeNull();
    expect(root.querySelector('[part="signed-out"]')!.textContent).toContain('请先登录');
    expect(root.querySelector('[part="signed-out"]')!.getAttribute('data-login-event')).toBe('garage-logged-in');
    login('t-1', { nickName: '王店长' });
    await vi.waitFor(() => expect(root.querySelector('p')?.textContent).toBe('你好，王店长'));
    logout();
    await vi.waitFor(() => expect(root.querySelector('p')).toBeNull());
    expect(root.textContent).not.toContain('王店长');
    expect(root.textContent).toContain('请先登录');
  });

  it('shows 「请先修改密码」 instead of the widget while an admin’s one-time password is in use', async () => {
    login('t-1', { nickName: '新员工' });
    session.mustChangePassword.value = true;
    const element = await mount('<test-greeting></test-greeting>');
    const root = element.shadowRoot!;
    expect(root.querySelector('p')).toBeNull();
    expect(root.querySelector('[part="signed-out"]')!.textContent).toContain('请先修改密码');
    expect(root.textContent).toContain('把一次性密码改为自己的密码后即可使用');
    // The password changed: its new token is a new login, and the widget mounts.
    login('t-2', { nickName: '新员工' });
    await vi.waitFor(() => expect(root.querySelector('p')?.textContent).toBe('你好，新员工'));
  });

  it('speaks Chinese: lang on the element and on the Shoelace elements inside', async () => {
    login('t-1');
    const element = await mount('<test-greeting></test-greeting>');
    expect(element.getAttribute('lang')).toBe('zh-cn');
    expect(element.shadowRoot!.querySelector('sl-spinner')!.getAttribute('lang')).toBe('zh-cn');
  });

  it('carries the theme for :host, the base styles and its own styles in the shadow root', async () => {
    const element = await mount('<test-greeting></test-greeting>');
    const css = element.shadowRoot!.adoptedStyleSheets.flatMap((sheet) => Array.from(sheet.cssRules, (rule) => rule.cssText)).join('\n');
    expect(css).toContain('--sl-color-primary-600');
    expect(css).toContain('rgb(1, 2, 3)');
    expect(css).not.toContain(':root');
  });

  it('accepts token and api-base attributes for the whole page', async () => {
    await mount('<test-greeting token="embedder-token" api-base="http://127.0.0.1:9/garage-api"></test-greeting>');
    expect(session.usertoken.value).toBe('embedder-token');
    expect(getConfig().mainBase).toBe('http://127.0.0.1:9/garage-api');
  });

  it('ignores a second definition of the same tag', () => {
    expect(() => define('test-greeting', () => <p>其他</p>, { props: { greeting: 'string' } })).not.toThrow();
  });
});

describe('theme rewrite', () => {
  it('turns the document-level selectors into :host', () => {
    expect(themeForShadowRoot(':root,\n:host,\n.sl-theme-light { --a: 1; } :root { --b: 2; }')).toContain(':host { --a: 1; } :host { --b: 2; }');
  });

  it('turns rem into px, so a page’s root font size does not resize our controls', () => {
    expect(themeForShadowRoot(':root { --sl-font-size-small: 0.875rem; --sl-spacing-x-large: 1.75rem; --x: calc(2rem + 1px); }')).toContain(
      ':host { --sl-font-size-small: 14px; --sl-spacing-x-large: 28px; --x: calc(32px + 1px); }',
    );
  });
});

describe('navigate()', () => {
  it('dispatches garage-navigate that leaves the shadow root', async () => {
    const element = await mount('<test-greeting></test-greeting>');
    const paths: string[] = [];
    document.addEventListener('garage-navigate', (event) => paths.push((event as CustomEvent<{ path: string }>).detail.path), { once: true });
    navigate('/home/sms', element.shadowRoot!.querySelector('p')!);
    expect(paths).toEqual(['/home/sms']);
  });

  it('falls back to the configured login page when no host app routes the event', () => {
    const assign = vi.spyOn(pageLocation, 'assign').mockImplementation(() => undefined);
    configure({ loginPath: 'https://garage.example.com/login' });
    navigate('/login');
    expect(assign).toHaveBeenCalledWith('https://garage.example.com/login');
    const routed = (event: Event) => event.preventDefault();
    document.addEventListener('garage-navigate', routed);
    navigate('/login');
    document.removeEventListener('garage-navigate', routed);
    expect(assign).toHaveBeenCalledTimes(1);
  });
});

describe('toasts and loading', () => {
  it('stacks toasts of each type with their message', () => {
    toast.success('保存成功');
    toast.info('已复制');
    toast.warning('余额不足');
    toast.error('保存失败');
    expect(toastTexts()).toEqual(['保存成功', '已复制', '余额不足', '保存失败']);
    expect(toastTypes()).toEqual(['success', 'info', 'warning', 'error']);
  });

  it('keeps the loading mask until 400 ms after the last close', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      loading.open();
      loading.open('正在导入客户…');
      loading.close();
      expect(loadingMaskShown()).toBe(true);
      loading.close();
      expect(loading.visible.value).toBe(true);
      vi.advanceTimersByTime(LOADING_CLOSE_DELAY_MS - 1);
      expect(loadingMaskShown()).toBe(true);
      vi.advanceTimersByTime(1);
      expect(loadingMaskShown()).toBe(false);
      expect(loading.visible.value).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
