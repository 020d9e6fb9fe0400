import { Link } from 'react-router';
import { SlButton, SlIcon } from '../ui';
import { messages } from '../messages';

export function NotFoundPage() {
  return (
    <div className="status-page" data-testid="not-found">
      <SlIcon name="exclamation-triangle" className="status-page__icon" />
      <h1>{messages.notFoundTitle}</h1>
      <p>{messages.notFoundText}</p>
      <div className="status-page__actions">
        <Link to="/home/workKanBan"><SlButton variant="primary">{messages.backToWorkbench}</SlButton></Link>
      </div>
    </div>
  );
}
