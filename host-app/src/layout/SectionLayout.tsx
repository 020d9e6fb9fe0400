import { NavLink, Outlet, useMatches } from 'react-router';
import { usePermissions } from '../auth';
import type { RouteHandle } from '../router';

/** Settings centre, SMS and project mall: a heading and sub-navigation over the section's pages. */
export function SectionLayout() {
  const mayOpen = usePermissions();
  const section = useMatches()
    .map((match) => (match.handle as RouteHandle | undefined)?.section)
    .find(Boolean);
  if (!section) return <Outlet />;
  const children = section.children.filter((child) => mayOpen(child.path));

  return (
    <div className="section">
      <header className="section__header">
        <h2>{section.title}</h2>
        <p>{section.description}</p>
      </header>
      <nav className="section__nav" aria-label={section.title}>
        {children.map((child) => (
          <NavLink key={child.path} to={child.path} className={({ isActive }) => `section__link${isActive ? ' section__link--active' : ''}`}>
            {child.title}
          </NavLink>
        ))}
      </nav>
      <div className="section__body">
        <Outlet />
      </div>
    </div>
  );
}
