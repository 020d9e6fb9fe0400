/** define(): a custom element whose shadow root carries Shoelace's theme (README: Elements). */
import type { ComponentType } from 'react';
import { defineElement, type DefineOptions, type WidgetProps } from './element';
import { shadowTheme } from './ui/theme';

export type { DefineOptions, PropType, WidgetProps } from './element';

export function define<P extends object>(tag: string, Component: ComponentType<P & WidgetProps>, options: DefineOptions = {}): void {
  defineElement(tag, Component, options, shadowTheme());
}
