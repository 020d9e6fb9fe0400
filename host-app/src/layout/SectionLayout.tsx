import { NavLink, Outlet, useMatches } from 'react-router';
import { usePermissions } from '../auth';
import { sectionStrip } from '../routes';
import type { RouteHandle } from '../router';

/**
 * Settings centre and project mall: the section's title and its strip over the pages the strip
 * lists. A page the menu lists itself (短信营销, 保险报价…) shows alone: the menu is its navigation.
 */
export function SectionLayout() {
  const mayOpen = usePermissions();
  const handles = useMatches().map((match) => match.handle as RouteHandle | undefined);
  const section = handles.map((handle) => handle?.section).find(Boolean);
  const page = handles.map((handle) => handle?.page).filter(Boolean).pop();
  const strip = section ? sectionStrip(section) : [];
  if (!section || (page && page !== section.index && !strip.includes(page))) return <Outlet />;
  const links = strip.filter((child) => mayOpen(child.path));

  return (
    <div className="section">
      <header className="section__header">
        <h2>{section.title}</h2>
        <p>{section.description}</p>
      </header>
      {links.length > 0 && (
        <nav className="section__nav" aria-label={section.title}>
          {links.map((child) => (
            <NavLink key={child.path} to={child.path} className={({ isActive }) => `section__link${isActive ? ' section__link--active' : ''}`}>
              {child.title}
            </NavLink>
          ))}
        </nav>
      )}
      <div className="section__body">
        <Outlet />
      </div>
    </div>
  );
}
