/**
 * define(): a custom element whose shadow root carries Shoelace's theme (README: Elements), for
 * widgets that render Shoelace components: with it come the translation and the icon base path.
 */
import type { ComponentType } from 'react';
import './ui/shoelace-setup';
import { defineElement, type DefineOptions, type PropsOf, type WidgetProps, type WidgetTag } from './element';
import { shadowTheme } from './ui/theme';

export type { DefineOptions, PropType, PropsOf, WidgetElement, WidgetProps, WidgetTag } from './element';

export function define<T extends WidgetTag>(tag: T, Component: ComponentType<PropsOf<T> & WidgetProps>, options: DefineOptions<PropsOf<T>>): void {
  defineElement(tag, Component, options, shadowTheme());
}
