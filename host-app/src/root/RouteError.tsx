import { useRouteError } from 'react-router';
import { messages } from '../messages';

/** Shown instead of a blank screen when a page fails to load (e.g. a chunk from an older build). */
export function RouteError() {
  const error = useRouteError();
  console.warn('页面加载失败', error);
  return (
    <div className="status-page">
      <h1>{messages.errorTitle}</h1>
      <p>{messages.errorText}</p>
      <button type="button" className="plain-button" onClick={() => window.location.reload()}>{messages.reload}</button>
    </div>
  );
}
