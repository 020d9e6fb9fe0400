/**
 * Lets widgets write Shoelace (and our own) tags in JSX (React 19 passes unknown props through as properties or
 * attributes and `onsl-*` props as event listeners). Loosely typed on purpose: Shoelace ships no
 * React 19 JSX types, and its per-component React wrappers stay available for strict typing.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

type CustomElementProps = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & {
  [attributeOrEvent: string]: unknown;
};

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      [tag: `sl-${string}`]: CustomElementProps;
      /** Our own elements (stories, host app): attributes as strings, plus the shared ones. */
      [tag: `garage-${string}`]: CustomElementProps & { token?: string; 'api-base'?: string };
    }
  }
}
