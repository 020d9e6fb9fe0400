/** Shoelace's light theme for shadow roots (18 KB of CSS: only where Shoelace components render). */
import themeCss from '@shoelace-style/shoelace/dist/themes/light.css?inline';
import { themeForShadowRoot } from './styles';

let themeText: string | null = null;

export function shadowTheme(): string {
  return (themeText ??= themeForShadowRoot(themeCss));
}
