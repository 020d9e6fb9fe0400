/**
 * The two scripts of the development WeCom client (/sidebar/dev, plugins/sidebar-dev.ts). Each runs
 * in the browser and is served as its own source text (`(${fn})()`), so each must stay
 * self-contained: no imports, nothing from outside the function.
 */

/**
 * Runs in the sidebar's frame before the sidebar's script: WeCom's `wx` as the client gives it to a
 * chat toolbar page. The chat is the frame address's `chat` (an external_userid, or `group` for a
 * group chat): wx.config → ready, wx.agentConfig → success, getContext → the entry,
 * getCurExternalContact → the contact. Each call and its answer is told to the client page around.
 */
export function wecomClientStandIn(): void {
  const chat = new URLSearchParams(location.search).get('chat') ?? '';
  const group = chat === 'group';
  const tell = (name: string, answer: Record<string, unknown>) => {
    if (window.parent !== window) window.parent.postMessage({ wecomCall: { name, answer } }, location.origin);
  };
  // WeCom answers through its bridge, never in the caller's own turn.
  const later = (callback: () => void) => setTimeout(callback, 0);
  (window as unknown as { wx: unknown }).wx = {
    config(options: { appId?: string; jsApiList?: string[] }) {
      tell('wx.config', { appId: options.appId, jsApiList: options.jsApiList });
    },
    ready(callback: () => void) {
      later(callback);
    },
    error() {},
    agentConfig(options: { success(result: object): void }) {
      const answer = { errMsg: 'agentConfig:ok' };
      tell('wx.agentConfig', answer);
      later(() => options.success(answer));
    },
    invoke(name: string, _parameters: object, callback: (result: object) => void) {
      const answer =
        name === 'getContext'
          ? { err_msg: 'getContext:ok', entry: group ? 'group_chat_tools' : 'single_chat_tools' }
          : name === 'getCurExternalContact' && !group
            ? { err_msg: 'getCurExternalContact:ok', userId: chat }
            : { err_msg: `${name}:fail_no permission` };
      tell(name, answer);
      later(() => callback(answer));
    },
  };
}

/** Runs in the client page: lists what the sidebar asked WeCom and what it was answered. */
export function wecomClientCalls(): void {
  // Listening from the head, before the frame exists: its first calls come while the page still loads.
  window.addEventListener('message', (event: MessageEvent<{ wecomCall?: { name: string; answer: Record<string, unknown> } }>) => {
    const call = event.origin === location.origin ? event.data?.wecomCall : undefined;
    const list = document.getElementById('wecom-calls');
    if (!list || !call) return;
    const item = document.createElement('li');
    const name = document.createElement('code');
    name.textContent = call.name;
    const answer = document.createElement('span');
    const { entry, userId, errMsg, err_msg: errorMessage } = call.answer;
    answer.textContent = String(userId ?? entry ?? errMsg ?? errorMessage ?? (call.name === 'wx.config' ? `appId ${call.answer.appId}` : ''));
    item.append(name, ' → ', answer);
    list.append(item);
  });
}
