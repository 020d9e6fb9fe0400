/**
 * The illustrative "screenshots" of each product page, drawn in HTML and SVG: they show what the
 * garage gets with the demo chain's kind of data, stay sharp at any width and cost no image file.
 * They are pictures (role="img" with a Chinese description), not live data, except that the SMS
 * texts carry the chain's own signature as its real texts do.
 */
import type { ReactElement } from 'react';
import { composeSms } from '../../contracts/sms';
import type { ProductKind } from './api';
import { messages } from './messages';

const text = messages.preview;

/** The chain's own signature (the catalogue's smsSignature), composed as the texts it sends are. */
function SmsPreview({ smsSignature }: PreviewProps) {
  return (
    <div className="preview phone-frame" role="img" aria-label={text.sms.label}>
      <div className="phone-top"><span>{text.sms.sender}</span><span className="muted small">{text.sms.time}</span></div>
      {text.sms.bubbles.map((bubble) => (
        <p key={bubble.body} className="bubble">{composeSms({ signature: smsSignature || text.sms.noSignature, ...bubble })}</p>
      ))}
      {smsSignature === null ? null : <p className="muted small centre">{text.sms.footer(smsSignature)}</p>}
    </div>
  );
}

function WebPhonePreview() {
  return (
    <div className="preview call-frame" role="img" aria-label={text.webPhone.label}>
      <div className="call-card">
        <span className="avatar" aria-hidden="true">张</span>
        <div>
          <strong>{text.webPhone.customer}</strong>
          <div className="muted small">{text.webPhone.vehicle}</div>
        </div>
        <span className="timer">02:48</span>
      </div>
      <div className="call-bar">
        <span className="dot" aria-hidden="true"></span>
        <span>{text.webPhone.calling}</span>
        <span className="hang">{text.webPhone.hangUp}</span>
      </div>
      <ul className="call-log">
        {text.webPhone.log.map((line) => <li key={line}>{line}</li>)}
      </ul>
    </div>
  );
}

function WecomPreview() {
  return (
    <div className="preview wecom-frame" role="img" aria-label={text.wecom.label}>
      <div className="chat">
        <p className="bubble left">{text.wecom.customerSays}</p>
        <p className="bubble right">{text.wecom.staffSays}</p>
      </div>
      <aside className="side">
        <strong>{text.wecom.customer}</strong>
        <span className="plate">浙A·8K261</span>
        {text.wecom.facts.map((fact) => <span key={fact} className="small">{fact}</span>)}
      </aside>
    </div>
  );
}

/** Bars: 12 months of expiring policies, the next three highlighted (what to call about now). */
function InsurancePreview() {
  const months = [42, 38, 51, 47, 60, 55, 49, 58, 66, 52, 45, 40];
  const top = Math.max(...months);
  return (
    <div className="preview chart-frame" role="img" aria-label={text.insurance.label}>
      <div className="chart-head"><strong>{text.insurance.title}</strong><span className="muted small">{text.insurance.rate}</span></div>
      <svg viewBox="0 0 240 96" preserveAspectRatio="none" aria-hidden="true">
        {months.map((count, index) => {
          const height = (count / top) * 80;
          return <rect key={index} x={index * 20 + 3} y={88 - height} width="14" height={height} rx="2" className={index < 3 ? 'bar hot' : 'bar'} />;
        })}
        <line x1="0" y1="88.5" x2="240" y2="88.5" className="axis" />
      </svg>
      <div className="legend small"><span className="key hot"></span>{text.insurance.soon}<span className="key"></span>{text.insurance.later}</div>
      <div className="shares">
        {text.insurance.shares.map(([name, share]) => (
          <div key={name} className="share"><span className="small">{name}</span><span className="meter"><span style={{ width: share }}></span></span><span className="small figure">{share}</span></div>
        ))}
      </div>
    </div>
  );
}

/** The customer stages as a funnel-like set of bars with counts, as the demo chain would show. */
function CustomerPreview() {
  return (
    <div className="preview chart-frame" role="img" aria-label={text.customer.label}>
      <div className="chart-head"><strong>{text.customer.title}</strong><span className="muted small">{text.customer.period}</span></div>
      <div className="stages">
        {text.customer.stages.map(([name, count, share, tone]) => (
          <div key={name} className="stage">
            <span className="small">{name}</span>
            <span className="meter"><span className={tone} style={{ width: share }}></span></span>
            <span className="small figure">{count}</span>
          </div>
        ))}
      </div>
      <p className="tip small">{text.customer.tip}</p>
    </div>
  );
}

interface PreviewProps {
  /** null while the catalogue loads. */
  smsSignature: string | null;
}

const PREVIEWS: Record<ProductKind, (props: PreviewProps) => ReactElement> = {
  sms: SmsPreview,
  'web-phone': WebPhonePreview,
  'enterprise-wechat': WecomPreview,
  'insurance-analysis': InsurancePreview,
  'customer-analysis': CustomerPreview,
};

export function ProductPreview({ kind, smsSignature }: PreviewProps & { kind: ProductKind }) {
  const Preview = PREVIEWS[kind];
  return <Preview smsSignature={smsSignature} />;
}
