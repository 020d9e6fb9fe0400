import { iconSvg } from '../shoelace';

/**
 * A bundled Bootstrap icon drawn as inline SVG, looking like <sl-icon>. The menu and the top bar
 * show some 35 at once; as <sl-icon>s each was an element with a shadow root and a load of its own
 * (a fetch, a parse), all in the first render of every signed-in page.
 */
export function MenuIcon({ name, className }: { name: string; className?: string }) {
  return <span className={className ? `menu-icon ${className}` : 'menu-icon'} aria-hidden="true" dangerouslySetInnerHTML={{ __html: iconSvg(name) ?? iconSvg('grid') ?? '' }} />;
}
