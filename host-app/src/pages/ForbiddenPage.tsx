import { Link } from 'react-router';
import { SlButton, SlIcon } from '../ui';
import { messages } from '../messages';

export function ForbiddenPage({ title }: { title?: string }) {
  return (
    <div className="status-page" data-testid="forbidden">
      <SlIcon name="shield-lock" className="status-page__icon status-page__icon--warning" />
      <h1>{messages.forbiddenTitle}{title ? ` · ${title}` : ''}</h1>
      <p>{messages.forbiddenText}</p>
      <div className="status-page__actions">
        <Link to="/home/workKanBan"><SlButton variant="primary">{messages.backToWorkbench}</SlButton></Link>
      </div>
    </div>
  );
}
