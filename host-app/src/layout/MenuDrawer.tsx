import { useEffect, useRef } from 'react';
import SlDrawer from '@shoelace-style/shoelace/dist/react/drawer/index.js';
import type SlDrawerElement from '@shoelace-style/shoelace/dist/components/drawer/drawer.js';
import { messages } from '../messages';
import { Sidebar } from './Sidebar';

/**
 * The menu at phone width: the sidebar in a drawer from the left (Shoelace's drawer traps focus,
 * closes on Escape and on the overlay). Loaded with its first opening, so a phone's first paint
 * carries no menu at all.
 */
export default function MenuDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const drawer = useRef<SlDrawerElement>(null);
  useEffect(() => {
    // A link inside was followed: the page changes under the drawer, so it closes.
    const element = drawer.current;
    const onClick = (event: Event) => {
      if ((event.target as Element | null)?.closest?.('a[href]')) onClose();
    };
    element?.addEventListener('click', onClick);
    return () => element?.removeEventListener('click', onClick);
  }, [onClose]);

  return (
    <SlDrawer
      ref={drawer}
      className="menu-drawer"
      placement="start"
      label={messages.menu.title}
      noHeader
      open={open}
      onSlAfterHide={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <Sidebar onClose={() => void drawer.current?.hide()} />
    </SlDrawer>
  );
}
