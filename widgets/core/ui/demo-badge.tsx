import { uiMessages } from '../messages';

/** The badge's look, for the styles of a widget that shows it (widgets/mall, widgets/sms-marketing). */
export const DEMO_BADGE_CSS = `
.demo-badge { display: inline-block; margin-inline-start: 8px; padding: 0 6px; border: 1px solid #fcd34d; border-radius: 4px; background: #fffbeb; color: #92400e; font-size: 12px; font-weight: 600; line-height: 18px; vertical-align: middle; white-space: nowrap; }
`;

/**
 * 演示: the channel behind this part is a development one (the server's adapter is named
 * `development…`): no text reaches a phone, no money moves. Production never runs one, so never shows it.
 */
export function DemoBadge({ why }: { why: string }) {
  return <span className="demo-badge" title={why} data-testid="demo-badge">{uiMessages.demo}<span className="visually-hidden">：{why}</span></span>;
}
