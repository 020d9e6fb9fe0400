import { Link } from 'react-router';
import { SlButton, SlIcon } from '../ui';
import { session, useValue } from '../core';
import { messages } from '../messages';

/**
 * 暂无权限, or, while an admin's one-time password is in use, 请先修改密码: the permissions are not
 * known until it is changed (the server answers nothing else), so "ask your admin" would mislead.
 */
export function ForbiddenPage({ title }: { title?: string }) {
  const passwordFirst = useValue(session.mustChangePassword);
  if (passwordFirst) {
    return (
      <div className="status-page" data-testid="password-first">
        <SlIcon name="key" className="status-page__icon status-page__icon--warning" />
        <h1>{messages.passwordFirstTitle}{title ? ` · ${title}` : ''}</h1>
        <p>{messages.passwordFirstText}</p>
      </div>
    );
  }
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
