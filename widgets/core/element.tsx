/**
 * React component → custom element, via r2wc. r2wc mounts one React root per element inside the
 * shadow root it attaches, but puts no CSS there and knows nothing about our session; this subclass
 * adds the styles, the Chinese translation and the two attributes every element accepts.
 * The theme is a parameter so that this file loads no Shoelace CSS: define.tsx passes Shoelace's
 * theme, core/base.ts's define() none (widgets that render no Shoelace component).
 */
import type { ComponentType } from 'react';
import r2wc from '@r2wc/react-to-web-component';
import { ensureAdminStatus } from './bootstrap';
import { configure } from './config';
import { login, session } from './session';
import { keepShoelaceChinese, WIDGET_LANG } from './ui/lang';
import { adoptStyles } from './ui/styles';

export type PropType = 'string' | 'number' | 'boolean' | 'json' | 'function' | 'method';

/** What every defined component receives besides its own props. */
export interface WidgetProps {
  /** The element's shadow root (r2wc's `container`). */
  container?: ShadowRoot;
  /** The custom element itself: dispatch events from it (`navigate(path, host)`, `emit(host, …)`). */
  host?: HTMLElement;
}

export interface DefineOptions {
  /** camelCase prop → type; each becomes a kebab-case attribute and a property. */
  props?: Record<string, PropType>;
  /** Callback props that dispatch a DOM event of the same name without `on`. */
  events?: Record<string, EventInit>;
  /** The widget's own CSS, adopted into its shadow root after the theme and the base styles. */
  styles?: string;
}

/** Attributes every element accepts (DESIGN.md); page-wide because the session is. */
const SHARED_PROPS: Record<string, PropType> = { apiBase: 'string', token: 'string' };

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

export function defineElement<P extends object>(
  tag: string,
  Component: ComponentType<P & WidgetProps>,
  options: DefineOptions,
  theme: string | null,
): void {
  if (typeof customElements === 'undefined' || customElements.get(tag)) return;

  function Widget(props: P & WidgetProps) {
    const host = props.container && 'host' in props.container ? (props.container.host as HTMLElement) : undefined;
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
      adoptStyles(this.shadowRoot!, theme, options.styles);
    }

    override connectedCallback() {
      if (!this.hasAttribute('lang')) this.setAttribute('lang', WIDGET_LANG);
      this.#languageObserver ??= keepShoelaceChinese(this.shadowRoot!);
      // Started before the component mounts, so its first requests wait for the answer instead of
      // being blanked by the admin gate.
      if (session.usertoken.value && session.admin.value === null) void ensureAdminStatus();
      super.connectedCallback();
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
export function defineWithoutTheme<P extends object>(tag: string, Component: ComponentType<P & WidgetProps>, options: DefineOptions = {}): void {
  defineElement(tag, Component, options, null);
}
