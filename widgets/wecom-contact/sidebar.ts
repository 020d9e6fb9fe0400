/**
 * The WeCom chat sidebar page (/sidebar, served by server/src/plugins/sidebar-page.ts): signs in
 * silently with the OAuth code WeCom appends to the page's URL (/qy/qy-login), finds the chat's
 * external contact through WeCom's JS-SDK (wecom-sdk.ts) and hands it to <garage-wecom-contact>;
 * the phone bar at the bottom dials what the card asks for. Everything shares the page's one
 * session, kept under our namespaced storage keys.
 *
 * Without an OAuth code and outside WeCom (a browser, a test) it offers the password login. The
 * card stays hidden until there is a contact to show: until then, and when the page gives up, the
 * status line alone says what is happening (one message, never beside a spinner that never ends).
 * In development, /sidebar/dev plays the WeCom client around this page (server/src/plugins/sidebar-dev.ts).
 */
import './index';
import { ensureAdminStatus, getToken, http, login } from '../core';
import { loginApi } from '../login/api';
import { GARAGE_EVENTS } from '../../contracts/events';
import { currentExternalContact, WecomSdkError } from './wecom-sdk';
import { messages } from './messages';

const STATE_KEY = 'garage-suite:wecom-oauth-state';

interface LoginSettings {
  configured: boolean;
  oauthUrl: string;
}

const statusLine = document.getElementById('sidebar-status');
const contactElement = document.querySelector('garage-wecom-contact');

function show(text: string, alert = false) {
  if (!statusLine) return;
  statusLine.textContent = text;
  statusLine.hidden = !text;
  statusLine.setAttribute('role', alert ? 'alert' : 'status');
}

const problemOf = (error: unknown) => (error as { msg?: string; message?: string }).msg || (error as Error).message || '';

/** The password login, for a browser outside WeCom: resolves once somebody signed in. */
async function passwordLogin(why: string = messages.page.signIn): Promise<void> {
  show(why, why !== messages.page.signIn);
  await import('../login');
  const form = document.createElement('garage-login');
  document.getElementById('sidebar-login')?.append(form);
  await new Promise<void>((resolve) => {
    // The login form asks to go to its redirect: we are the page that "routes" it, by staying.
    const routed = (event: Event) => {
      event.preventDefault();
      document.removeEventListener(GARAGE_EVENTS.navigate, routed);
      resolve();
    };
    document.addEventListener(GARAGE_EVENTS.navigate, routed);
  });
  form.remove();
}

/** True when signed in; false when the page is leaving for WeCom's OAuth. */
async function signIn(): Promise<boolean> {
  const url = new URL(location.href);
  const code = url.searchParams.get('code');
  if (code) {
    // The code is single-use: off the address at once, so a reload or the JS-SDK's URL never carries it.
    const state = url.searchParams.get('state');
    url.searchParams.delete('code');
    url.searchParams.delete('state');
    history.replaceState(history.state, '', url.href);
    const expected = sessionStorage.getItem(STATE_KEY);
    sessionStorage.removeItem(STATE_KEY);
    show(messages.page.signingIn);
    try {
      if (expected && state !== expected) throw new Error(messages.page.stateMismatch);
      const result = await loginApi.wecom(code);
      login(result.token, result.user);
      return true;
    } catch (error) {
      await passwordLogin(`${problemOf(error)}。${messages.page.wecomLoginFailed}`);
      return true;
    }
  }
  if (getToken()) return true;
  if (/wxwork/i.test(navigator.userAgent)) {
    const state = crypto.randomUUID().replace(/-/g, '');
    const settings = await http.wecom
      .get<LoginSettings>('/qy/login-settings', { params: { redirectUri: url.href, state }, silent: true })
      .catch(() => null);
    if (settings?.configured && settings.oauthUrl) {
      sessionStorage.setItem(STATE_KEY, state);
      location.replace(settings.oauthUrl);
      return false;
    }
  }
  await passwordLogin();
  return true;
}

/** Resolves once the contact card has its first answer (no busy placeholder left), or after `limitMs`. */
function contactSettled(limitMs = 3000): Promise<void> {
  const root = contactElement?.shadowRoot ?? contactElement;
  return new Promise((resolve) => {
    if (!root) return resolve();
    const settled = () => !root.querySelector('[aria-busy="true"]');
    const observer = new MutationObserver(() => settled() && done());
    const timer = setTimeout(() => done(), limitMs);
    function done() {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    }
    observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
  });
}

let running = false;

async function start() {
  if (running) return;
  running = true;
  try {
    if (!(await signIn())) return;
    // Until the server said whether this user is an admin, the core answers other calls empty.
    await ensureAdminStatus();
    show(messages.page.preparing);
    const externalUserId = await currentExternalContact();
    contactElement?.setAttribute('external-user-id', externalUserId);
    contactElement?.removeAttribute('hidden');
    show('');
    // The phone bar (its chunk and its line's calls) waits for the card: the card is what staff look for first.
    void contactSettled().then(() => import('../phone-bar'));
  } catch (error) {
    // No card to wait for: the phone bar still dials by hand.
    if (getToken()) void import('../phone-bar');
    if (!(error instanceof WecomSdkError)) show(problemOf(error), true);
    else if (error.kind === 'not-in-wecom') show(messages.page.notInWecom, true);
    else if (error.kind === 'no-contact') show(messages.page.noContact, true);
    else show(messages.page.sdkFailed(error.reason), true);
  } finally {
    running = false;
  }
}

// A session that ends (logout, or a token that expired since the last visit) starts over.
document.addEventListener(GARAGE_EVENTS.loggedOut, () => {
  contactElement?.setAttribute('hidden', '');
  contactElement?.removeAttribute('external-user-id');
  void start();
});

void start();
