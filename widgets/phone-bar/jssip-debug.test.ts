import { afterEach, describe, expect, it, vi } from 'vitest';
import debug from './jssip-debug';

afterEach(() => debug.disable());

describe('the debug stand-in inside JsSIP', () => {
  it('logs only the namespaces switched on, through the logger’s log', () => {
    const log = vi.fn();
    const transport = debug.default('JsSIP:Transport');
    const ua = debug('JsSIP:UA');
    transport.log = log;
    ua.log = log;
    transport('closed');
    debug.enable('JsSIP:*,-JsSIP:UA');
    transport('connecting to %s', 'ws://kamailio');
    ua('ignored');
    expect(log.mock.calls).toEqual([['JsSIP:Transport connecting to %s', 'ws://kamailio']]);
    expect(transport.enabled).toBe(true);
    expect(ua.enabled).toBe(false);
    expect(debug.disable()).toBe('JsSIP:*,-JsSIP:UA');
    expect(transport.enabled).toBe(false);
  });
});
