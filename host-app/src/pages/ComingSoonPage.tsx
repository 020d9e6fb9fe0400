import { Link } from 'react-router';
import { SlButton, SlIcon, SlTag } from '../ui';
import { HOME_PATH, type PageRoute } from '../routes';
import { messages } from '../messages';

/** A page whose widget is not built yet: says what it will do, never a blank screen. */
export function ComingSoonPage({ page }: { page: PageRoute }) {
  return (
    <div className="status-page coming-soon" data-testid="coming-soon">
      <div className="coming-soon__art" aria-hidden="true">
        <SlIcon name="rocket-takeoff" />
      </div>
      <SlTag variant="primary" pill size="small">{messages.comingSoon}</SlTag>
      <h1>{page.title}</h1>
      <p className="coming-soon__description">{page.description}</p>
      <p className="coming-soon__hint">{messages.comingSoonHint}</p>
      <div className="status-page__actions">
        {page.path !== HOME_PATH && <Link to={HOME_PATH}><SlButton variant="primary">{messages.backToWorkbench}</SlButton></Link>}
        <Link to="/helps"><SlButton variant={page.path === HOME_PATH ? 'primary' : 'default'}>{messages.openHelp}</SlButton></Link>
      </div>
    </div>
  );
}
