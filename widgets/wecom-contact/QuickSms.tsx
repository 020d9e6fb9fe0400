/**
 * A text to this one customer from an approved template: pick it, read exactly what they will
 * receive (the server renders it with their name, plate and store, and counts it), send. The same
 * campaign as 短信营销's (one recipient), so opt-outs, the 08:00–21:00 window for marketing and the
 * SMS balance all apply, and it shows in 发送记录.
 */
import { useEffect, useState } from 'react';
import '@shoelace-style/shoelace/dist/components/button/button.js';
import '@shoelace-style/shoelace/dist/components/select/select.js';
import '@shoelace-style/shoelace/dist/components/option/option.js';
import { toast } from '../core';
import { quickSmsApi, type CustomerDetail, type SmsPreview, type SmsTemplate } from './api';
import { messages } from './messages';

export function QuickSms({ customer }: { customer: CustomerDetail }) {
  const [templates, setTemplates] = useState<SmsTemplate[] | null>(null);
  const [templateId, setTemplateId] = useState('');
  const [preview, setPreview] = useState<SmsPreview | null>(null);
  const [problem, setProblem] = useState('');
  const [sending, setSending] = useState(false);

  useEffect(() => {
    quickSmsApi.templates().then(
      (all) => setTemplates(all.filter((template) => template.status === 'approved')),
      () => setTemplates([]),
    );
  }, []);

  useEffect(() => {
    setPreview(null);
    setProblem('');
    if (!templateId) return;
    let stale = false;
    quickSmsApi.preview(customer.id, Number(templateId)).then(
      (answer) => !stale && setPreview(answer),
      (error: unknown) => !stale && setProblem((error as { msg?: string }).msg || messages.loadFailed),
    );
    return () => {
      stale = true;
    };
  }, [templateId, customer.id]);

  const send = async () => {
    setSending(true);
    setProblem('');
    try {
      const answer = await quickSmsApi.send(customer.id, Number(templateId), messages.smsName(customer.name));
      toast.success(messages.smsSent(answer.windowNote));
      setTemplateId('');
    } catch (error) {
      setProblem((error as { msg?: string }).msg || messages.loadFailed);
    } finally {
      setSending(false);
    }
  };

  const canSend = preview !== null && preview.count > 0 && !sending;
  return (
    <section className="card sms" aria-label={messages.sms}>
      <h3>{messages.sms}</h3>
      {templates === null ? (
        <p className="muted">{messages.loading}</p>
      ) : templates.length === 0 ? (
        <p className="muted small">{messages.smsNoTemplate}</p>
      ) : (
        <>
          <sl-select size="small" className="field" label={messages.smsTemplate} placeholder={messages.smsChoose} clearable value={templateId}
            onsl-change={(event: Event) => setTemplateId((event.target as HTMLSelectElement).value)}>
            {templates.map((template) => (
              <sl-option key={template.id} value={String(template.id)}>
                {template.categoryName} · {template.name}
              </sl-option>
            ))}
          </sl-select>
          {preview ? (
            <div className="sms-preview" data-testid="wecom-sms-preview">
              {preview.sample ? <p className="sms-text">{preview.sample.text}</p> : <p className="error">{messages.smsNobody(preview.optedOut)}</p>}
              {preview.sample ? <p className="muted small figure">{messages.smsCount(preview.length, preview.segments, preview.credits, preview.balance)}</p> : null}
              {preview.windowNote ? <p className="warn small">{preview.windowNote}</p> : null}
            </div>
          ) : null}
          {problem ? (
            <p className="error" role="alert">
              {problem}
            </p>
          ) : null}
          <sl-button size="small" variant="primary" disabled={!canSend} loading={sending} onClick={() => void send()}>
            {messages.smsSend}
          </sl-button>
        </>
      )}
    </section>
  );
}
