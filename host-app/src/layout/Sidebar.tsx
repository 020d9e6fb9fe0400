import { NavLink, useLocation } from 'react-router';
import { menu } from '../routes';
import { usePermissions, visibleMenu } from '../auth';
import { messages } from '../messages';
import { MenuIcon } from './MenuIcon';
import { entryIcons, groupIcons } from './icons';

/** The menu entry that owns the current page: the longest entry path the pathname starts with. */
function activeEntry(pathname: string, paths: string[]) {
  const current = pathname.toLowerCase();
  return paths
    .filter((path) => current === path.toLowerCase() || current.startsWith(`${path.toLowerCase()}/`))
    .sort((a, b) => b.length - a.length)[0];
}

/** The menu: beside the page on a wide screen, inside MenuDrawer (with a close button) on a phone. */
export function Sidebar({ onClose }: { onClose?: () => void } = {}) {
  usePermissions();
  const { pathname } = useLocation();
  const groups = visibleMenu(menu);
  const active = activeEntry(pathname, groups.flatMap((group) => group.entries.map((entry) => entry.path)));

  return (
    <aside className="sidebar">
      <div className="sidebar__head">
        <NavLink to="/home/workKanBan" className="sidebar__brand">
          <span className="brand-mark" aria-hidden="true">管</span>
          <span className="sidebar__brand-text">
            <strong>{messages.brand}</strong>
            <small>{messages.brandSubtitle}</small>
          </span>
        </NavLink>
        {onClose && (
          <button type="button" className="sidebar__close" onClick={onClose}>
            <MenuIcon name="x-lg" />
            <span className="visually-hidden">{messages.menu.close}</span>
          </button>
        )}
      </div>
      <nav className="sidebar__nav" aria-label="主菜单">
        {groups.map((group) => (
          <section key={group.title} className="sidebar__group">
            <h2 className="sidebar__group-title">
              <MenuIcon name={groupIcons[group.title] ?? 'grid'} />
              {group.title}
            </h2>
            <ul>
              {group.entries.map((entry) => (
                <li key={entry.path}>
                  <NavLink
                    to={entry.path}
                    className={() => `sidebar__link${entry.path === active ? ' sidebar__link--active' : ''}`}
                    aria-current={entry.path === active ? 'page' : undefined}
                  >
                    <MenuIcon name={entryIcons[entry.path] ?? 'grid'} />
                    <span>{entry.title}</span>
                  </NavLink>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </nav>
      <div className="sidebar__footer">
        <NavLink to="/helps" className={({ isActive }) => `sidebar__help${isActive ? ' sidebar__link--active' : ''}`}>
          <MenuIcon name="question-circle" />
          <span>{messages.menu.help}</span>
        </NavLink>
      </div>
    </aside>
  );
}
