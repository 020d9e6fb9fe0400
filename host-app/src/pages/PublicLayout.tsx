import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { useToken } from '../auth';
import { messages } from '../messages';

const nav = messages.publicNav;

/** Frame of the public pages (privacy, terms, plugins): brand, links, a readable column. */
export function PublicLayout({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  const signedIn = Boolean(useToken());
  return (
    <div className="public">
      <header className="public__header">
        <Link to={signedIn ? '/home/workKanBan' : '/login'} className="public__brand">
          <span className="brand-mark" aria-hidden="true">管</span>
          <strong>{messages.brand}</strong>
        </Link>
        <nav className="public__nav">
          <NavLink to="/plugins">{nav.plugins}</NavLink>
          <NavLink to="/privacy">{nav.privacy}</NavLink>
          <NavLink to="/terms">{nav.terms}</NavLink>
          <Link to={signedIn ? '/home/workKanBan' : '/login'} className="public__cta">
            {signedIn ? messages.login.enter : nav.home}
          </Link>
        </nav>
      </header>
      <main className="public__main">
        <article className="document">
          <h1>{title}</h1>
          {lead && <p className="document__lead">{lead}</p>}
          {children}
        </article>
      </main>
      <footer className="public__footer">{messages.login.copyright}</footer>
    </div>
  );
}
