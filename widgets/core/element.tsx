/**
 * React component → custom element, via r2wc. r2wc mounts one React root per element inside the
 * shadow root it attaches, but puts no CSS there and knows nothing about our session; this subclass
 * adds the styles, the Chinese translation and the two attributes every element accepts.
 * The theme is a parameter so that this file loads no Shoelace CSS: define.tsx passes Shoelace's
 * theme, core/base.ts's define() none (widgets that render no Shoelace component).
 */
import { startTransition, type ComponentType } from 'react';
import r2wc from '@r2wc/react-to-web-component';
import { ensureAdminStatus } from './bootstrap';
import { configure } from './config';
import { useValue } from './react';
import { login, session } from './session';
import { keepShoelaceChinese, WIDGET_LANG } from './ui/lang';
import { signedOutSlot, type SignedOutView } from './ui/signed-out-slot';
import { adoptStyles } from './ui/styles';

export type { SignedOutView } from './ui/signed-out-slot';

export type PropType = 'string' | 'number' | 'boolean' | 'json' | 'function' | 'method';

/** What every defined component receives besides its own props. */
export interface WidgetProps {
  /** The element's shadow root (r2wc's `container`). */
  container?: ShadowRoot;
  /** The custom element itself: dispatch events from it (`navigate(path, host)`, `emit(host, …)`). */
  host?: HTMLElement;
}

/** The attributes every element accepts, as properties. */
export interface SharedElementProps {
  apiBase?: string;
  token?: string;
}

/** How r2wc reads a prop's attribute, following the prop's type so the two cannot disagree. */
type PropTypeOf<V> = [V] extends [string]
  ? 'string'
  : [V] extends [number]
    ? 'number'
    : [V] extends [boolean]
      ? 'boolean'
      : [V] extends [(...args: never[]) => unknown]
        ? 'function' | 'method'
        : 'json';

/** A component's own props (what the element exposes as attributes and properties). */
type OwnProps<P> = Omit<P, keyof WidgetProps>;

/** Type-only brand carrying the props (no such property exists at run time): define() reads it back. */
declare const elementProps: unique symbol;

/**
 * The custom element of a widget whose component takes props P, for `HTMLElementTagNameMap`:
 * P's props as properties plus the shared ones. Each feature's index.ts adds its tag with it, and
 * define() only accepts a tag added so, with a component and prop types matching that entry.
 */
export type WidgetElement<P extends object = object> = HTMLElement &
  Partial<OwnProps<P>> &
  SharedElementProps & { readonly [elementProps]: P };

/** Tags whose `HTMLElementTagNameMap` entry is a `WidgetElement`. */
export type WidgetTag = {
  [T in keyof HTMLElementTagNameMap]: HTMLElementTagNameMap[T] extends { readonly [elementProps]: object } ? T : never;
}[keyof HTMLElementTagNameMap];

/** The component props declared for `tag` in `HTMLElementTagNameMap`. */
export type PropsOf<T extends WidgetTag> = HTMLElementTagNameMap[T] extends { readonly [elementProps]: infer P extends object } ? P : never;

/** Every own prop of the component, with the PropType its TypeScript type calls for. */
export type PropTypes<P> = { [K in keyof OwnProps<P>]-?: PropTypeOf<NonNullable<OwnProps<P>[K]>> };

/** define()'s options for a component with props P: `props` lists every own prop, typed. */
export type DefineOptions<P = object> = {
  /** Callback props that dispatch a DOM event of the same name without `on`. */
  events?: Record<string, EventInit>;
  /** The widget's own CSS, adopted into its shadow root after the theme and the base styles. */
  styles?: string;
  /**
   * While nobody is signed in: `notice` (default) shows 「请先登录」 in place of the widget, which
   * unmounts and so drops its customer data at once; `compact` the one-line form; `widget` renders
   * the widget anyway (the login form, the version notice: they need no session). The same view
   * says 「请先修改密码」 while an admin's one-time password is in use.
   */
  signedOut?: SignedOutView;
} & (keyof OwnProps<P> extends never
  ? { props?: Record<string, never> }
  : {
      /** camelCase prop → type; each becomes a kebab-case attribute and a property. */
      props: PropTypes<P>;
    });

/** Attributes every element accepts (docs/ARCHITECTURE.md); page-wide because the session is. */
const SHARED_PROPS: PropTypes<SharedElementProps> = {
  /** 门店管家服务地址（主服务），默认与页面同源的 `/api`。 */
  apiBase: 'string',
  /** 已登录用户的令牌：设置后同页所有组件都使用这个会话。 */
  token: 'string',
};

interface R2wcElement extends HTMLElement {
  connectedCallback(): void;
  disconnectedCallback(): void;
  attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null): void;
}

/**
 * r2wc's "connected" flag starts out true, so it mounts on the first attribute callback, before
 * connectedCallback has read the other attributes and started the admin check. React rendered
 * later anyway; Preact (the phone bar's partner-page build) renders at once and runs the previous
 * render's effects on the next attribute, so the phone asked for its SIP account before the check
 * (and got the admin gate's empty answer). Cleared here; r2wc sets it in connectedCallback.
 */
const R2WC_CONNECTED = Symbol.for('r2wc.connected');

/** The `token` attribute: an embedder that logged in elsewhere hands us the token. */
function adoptToken(token: string | null) {
  const value = token?.trim();
  if (value && value !== session.usertoken.value) login(value);
}

export function defineElement<T extends WidgetTag>(
  tag: T,
  Component: ComponentType<PropsOf<T> & WidgetProps>,
  options: DefineOptions<PropsOf<T>>,
  theme: string | null,
): void {
  if (typeof customElements === 'undefined' || customElements.get(tag)) return;

  const signedOutView = options.signedOut ?? 'notice';

  function Widget(props: PropsOf<T> & WidgetProps) {
    const host = props.container && 'host' in props.container ? (props.container.host as HTMLElement) : undefined;
    const signedIn = useValue(session.isLoggedIn);
    // With an admin's one-time password the server answers nothing: the same view says why.
    const passwordFirst = useValue(session.mustChangePassword);
    if ((!signedIn || passwordFirst) && signedOutView !== 'widget') {
      const SignedOut = signedOutSlot.view;
      return SignedOut ? <SignedOut view={signedOutView} host={host} passwordFirst={signedIn} /> : null;
    }
    return <Component {...props} host={host} />;
  }
  Widget.displayName = `Widget(${tag})`;

  const Base = r2wc(Widget, {
    shadow: 'open',
    props: { ...options.props, ...SHARED_PROPS } as never,
    events: options.events as never,
  }) as unknown as new () => R2wcElement;

  class GarageElement extends Base {
    #languageObserver: MutationObserver | null = null;

    constructor() {
      super();
      (this as unknown as Record<symbol, boolean>)[R2WC_CONNECTED] = false;
      // Every element: a `widget` one may render <SignedOut> itself (the timeline without points).
      adoptStyles(this.shadowRoot!, theme, signedOutSlot.css, options.styles);
    }

    override connectedCallback() {
      if (!this.hasAttribute('lang')) this.setAttribute('lang', WIDGET_LANG);
      this.#languageObserver ??= keepShoelaceChinese(this.shadowRoot!);
      // Started before the component mounts, so its first requests wait for the answer instead of
      // being blanked by the admin gate.
      if (session.usertoken.value && session.admin.value === null) void ensureAdminStatus();
      // The first render as a transition: React renders it in slices that yield to the page (a
      // widget's first render was one long task on a slow phone), and later updates stay urgent.
      startTransition(() => super.connectedCallback());
    }

    override disconnectedCallback() {
      this.#languageObserver?.disconnect();
      this.#languageObserver = null;
      super.disconnectedCallback();
    }

    override attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null) {
      if (name === 'token') adoptToken(newValue);
      if (name === 'api-base' && newValue) configure({ mainBase: newValue });
      super.attributeChangedCallback(name, oldValue, newValue);
    }
  }

  customElements.define(tag, GarageElement);
}

/**
 * define() for a widget that renders no Shoelace component: no theme in its shadow root (18 KB of
 * CSS); its styles use Shoelace's tokens with fallbacks, so a host page's theme still reaches it.
 */
export function defineWithoutTheme<T extends WidgetTag>(
  tag: T,
  Component: ComponentType<PropsOf<T> & WidgetProps>,
  options: DefineOptions<PropsOf<T>>,
): void {
  defineElement(tag, Component, options, null);
}
