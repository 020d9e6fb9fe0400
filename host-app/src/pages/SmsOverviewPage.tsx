import { Link } from 'react-router';
import { SlIcon } from '../ui';
import { sections } from '../routes';
import { mayOpen } from '../auth';
import { messages } from '../messages';
import { entryIcons } from '../layout/icons';

/** /home/sms itself: the SMS pages as cards. */
export default function SmsOverviewPage() {
  const sms = sections.find((section) => section.path === '/home/sms');
  return (
    <div className="overview">
      <p className="overview__intro">{messages.sms.intro}</p>
      <div className="card-grid">
        {sms?.children.filter((child) => mayOpen(child.path)).map((child) => (
          <Link key={child.path} to={child.path} className="feature-card">
            <SlIcon name={entryIcons[child.path] ?? 'chat-dots'} className="feature-card__icon" />
            <strong>{child.title}</strong>
            <span>{child.description}</span>
          </Link>
        ))}
      </div>
    </div>
  );
}
