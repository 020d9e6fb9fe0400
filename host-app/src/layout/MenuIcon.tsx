import { iconSvg } from '../shoelace';

/**
 * A bundled Bootstrap icon drawn as inline SVG, looking like <sl-icon>. The menu shows some 30 at
 * once; as <sl-icon>s each was an element with a shadow root and a load of its own, all in the
 * first render of every signed-in page.
 */
export function MenuIcon({ name }: { name: string }) {
  return <span className="menu-icon" aria-hidden="true" dangerouslySetInnerHTML={{ __html: iconSvg(name) ?? iconSvg('grid') ?? '' }} />;
}
