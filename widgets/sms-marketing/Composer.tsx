/**
 * 发送短信: who (a group, a saved condition or the customers chosen in the list), which template,
 * the text with variable chips, a live preview for a sample recipient, the length and segments of
 * the text as delivered (signature + body + opt-out wording, contracts/sms.ts countSms), the
 * credits it costs against the balance, and when it goes (marketing waits for 08:00–21:00).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { AppLink, isCancelled, toast, useBusyAction } from '../core';
import {
  composeSms,
  countSms,
  isMarketing,
  MARKETING_WINDOW_TEXT,
  nextMarketingTime,
  renderTemplate,
  SAMPLE_RECIPIENT,
  SMS_CATEGORIES,
  SMS_CATEGORY_LABELS,
  SMS_MAX_LENGTH,
  TEMPLATE_VARIABLES,
  templateProblem,
  type SmsCategory,
} from '../../contracts/sms';
import { smsApi, type Audience, type Preview, type Template } from './api';
import { messages } from './messages';
import type { SmsPageData } from './SmsMarketing';
import { garageInstant, garageLocal, shortTime } from './when';
import { DateField } from '../core/ui/date-field';
import '@shoelace-style/shoelace/dist/components/input/input.js';
import '@shoelace-style/shoelace/dist/components/select/select.js';
import '@shoelace-style/shoelace/dist/components/option/option.js';

export const SMS_BUY_PATH = '/home/sms/smsBuy';
type Source = 'group' | 'condition' | 'customers';
const inputValue = (event: { target: EventTarget | null }) => (event.target as HTMLInputElement).value;

/** A template's category chip filter: '' is every category. */
type CategoryFilter = SmsCategory | '';

export function Composer({ data, chosen, startWith, category: wishedCategory, host, onSent, onTemplatesChanged }: {
  data: SmsPageData;
  chosen: number[];
  startWith: Template | null;
  /** The category the page was opened for (?template=): its chip is on (全部 shows every template). */
  category?: SmsCategory;
  host?: HTMLElement;
  onSent(campaignId: number): void;
  onTemplatesChanged(): void;
}) {
  const { settings, templates, audiences } = data;
  const [source, setSource] = useState<Source>(chosen.length ? 'customers' : 'group');
  const [groupId, setGroupId] = useState(0);
  const [conditionId, setConditionId] = useState(0);
  const [filter, setFilter] = useState<CategoryFilter>(wishedCategory ?? '');
  const [template, setTemplate] = useState<Template | null>(startWith);
  const [body, setBody] = useState(startWith?.body ?? '');
  const [category, setCategory] = useState<SmsCategory>(startWith?.category ?? wishedCategory ?? 'maintenance');
  const [name, setName] = useState('');
  const [later, setLater] = useState(false);
  const [at, setAt] = useState('');
  const [preview, setPreview] = useState<{ key: string; answer: Preview } | null>(null);
  const [previewProblem, setPreviewProblem] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, run] = useBusyAction();
  const editor = useRef<HTMLTextAreaElement>(null);
  // The clock the window note is read against; a minute is fine enough for 08:00–21:00.
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (!startWith) return;
    setTemplate(startWith);
    setBody(startWith.body);
    setCategory(startWith.category);
  }, [startWith]);

  const audience = useMemo<Audience | null>(() => {
    if (source === 'customers') return chosen.length ? { kind: 'customers', customerIds: chosen } : null;
    if (source === 'group') return groupId ? { kind: 'group', groupId } : null;
    return conditionId ? { kind: 'condition', conditionId } : null;
  }, [source, groupId, conditionId, chosen]);

  const marketing = isMarketing(category);
  const bodyProblem = body.trim() ? templateProblem(body) : null;
  const key = JSON.stringify([audience, body, category]);
  const fresh = preview?.key === key ? preview.answer : null;

  // The server's count of recipients, opted-out numbers and credits follows the text after a pause in typing.
  useEffect(() => {
    if (!audience) return void setPreview(null);
    if (!body.trim() || bodyProblem) return;
    let current = true;
    const timer = setTimeout(() => {
      setPreviewProblem('');
      smsApi.preview(audience, body, category).then(
        (answer) => current && setPreview({ key, answer }),
        (error: { msg?: string }) => current && !isCancelled(error) && setPreviewProblem(error.msg || messages.loadFailed),
      );
    }, 350);
    return () => (current = false, clearTimeout(timer));
  }, [key]);

  // The text as the sample recipient gets it: the server's sample once it matches what is typed, else the built-in sample.
  const sampleName = fresh?.sample?.customerName || SAMPLE_RECIPIENT.name;
  const delivered = body.trim()
    ? fresh?.sample?.text ?? composeSms({ signature: settings.signature, body: renderTemplate(body, SAMPLE_RECIPIENT), category })
    : '';
  const counted = countSms(delivered);
  const tooLong = counted.length > SMS_MAX_LENGTH;
  const credits = fresh?.credits ?? null;
  const balance = fresh?.balance ?? settings.balance;
  const missing = credits !== null && credits > balance ? credits - balance : 0;

  // 2026-11-24T09:30 on the garage's clock, typed as a day and a time (text, not the browser's date box).
  const [atDay = '', atTime = ''] = at.split('T');
  const laterInstant = later ? garageInstant(at) : null;
  const goesAt = marketing ? nextMarketingTime(laterInstant ? new Date(laterInstant) : now) : null;
  const moved = goesAt && goesAt.getTime() !== (laterInstant ? new Date(laterInstant) : now).getTime();

  const shown = templates.filter((each) => !filter || each.category === filter);
  const pick = (each: Template) => {
    setTemplate(each);
    setBody(each.body);
    setCategory(each.category);
  };

  const insert = (variable: string) => {
    const area = editor.current;
    const chip = `{${variable}}`;
    const start = area?.selectionStart ?? body.length;
    const end = area?.selectionEnd ?? body.length;
    setBody(body.slice(0, start) + chip + body.slice(end));
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + chip.length, start + chip.length);
    });
  };

  const problem = !audience
    ? messages.needRecipients
    : !body.trim()
      ? messages.needBody
      : bodyProblem ?? (tooLong ? messages.tooLong(SMS_MAX_LENGTH) : later && !laterInstant ? messages.pickTime : laterInstant && new Date(laterInstant) < now ? messages.pastTime : null);
  const blocked = !settings.signature || (fresh !== null && fresh.count === 0) || missing > 0;

  const send = () => {
    setTried(true);
    if (problem || blocked || !audience) return;
    void run(async () => {
      // The server sends saved templates only (the carrier reviews them): an edited text becomes a template first.
      let sendWith = template && template.body === body && template.category === category ? template : null;
      if (!sendWith) {
        const title = name.trim() || `${SMS_CATEGORY_LABELS[category]} ${shortTime(now)}`;
        sendWith = await smsApi.createTemplate({ name: title.slice(0, 30), category, body });
        setTemplate(sendWith);
        onTemplatesChanged();
      }
      if (sendWith.status !== 'approved') {
        toast.warning(messages.awaitingApproval(sendWith.name));
        return;
      }
      const answer = await smsApi.send({ name: name.trim(), templateId: sendWith.id, audience, ...(laterInstant ? { sendAt: laterInstant } : {}) });
      const campaign = answer.campaign;
      toast.success(answer.windowNote || (laterInstant ? messages.scheduled(campaign.name, shortTime(campaign.sendAt)) : messages.sent(campaign.name)));
      onSent(campaign.id);
    });
  };

  const groups = audiences.groups;
  const conditions = audiences.savedConditions;

  return (
    <div className="composer">
      <div className="column">
        <section className="card" aria-labelledby="sms-recipients">
          <h3 id="sms-recipients">{messages.recipients}</h3>
          <div className="sources" role="group" aria-label={messages.recipients}>
            {(['group', 'condition', ...(chosen.length ? ['customers'] : [])] as Source[]).map((each) => (
              <button key={each} type="button" className="chip" aria-pressed={source === each} onClick={() => setSource(each)}>
                {messages.sources[each]}
              </button>
            ))}
          </div>
          {source === 'group' ? (
            groups.length ? (
              <sl-select className="field" label={messages.pickGroup} placeholder={messages.pickGroup} value={groupId ? String(groupId) : ''} onsl-change={(event: Event) => setGroupId(Number(inputValue(event)))}>
                {groups.map((group) => <sl-option key={group.id} value={String(group.id)}>{group.name}</sl-option>)}
              </sl-select>
            ) : <p className="muted small">{messages.noGroups}</p>
          ) : source === 'condition' ? (
            conditions.length ? (
              <sl-select className="field" label={messages.pickCondition} placeholder={messages.pickCondition} value={conditionId ? String(conditionId) : ''} onsl-change={(event: Event) => setConditionId(Number(inputValue(event)))}>
                {conditions.map((condition) => <sl-option key={condition.id} value={String(condition.id)}>{condition.name}</sl-option>)}
              </sl-select>
            ) : <p className="muted small">{messages.noConditions}</p>
          ) : (
            <p className="small">{messages.chosenCustomers(chosen.length)}</p>
          )}
          {audience ? (
            <p className="audience" data-testid="audience" aria-live="polite">
              {fresh ? (
                <>
                  <strong>{messages.audience(fresh.count)}</strong>
                  {fresh.optedOut ? <span className="removed">{messages.removed(fresh.optedOut)}</span> : null}
                  {fresh.invalid ? <span className="muted">{messages.invalid(fresh.invalid)}</span> : null}
                </>
              ) : body.trim() && !bodyProblem ? (
                <span className="muted">{messages.counting}</span>
              ) : (
                <span className="muted">{messages.countAfterBody}</span>
              )}
            </p>
          ) : null}
        </section>

        <section className="card" aria-labelledby="sms-template">
          <h3 id="sms-template">{messages.template}</h3>
          <ul className="chips" aria-label={messages.category}>
            {(['', ...SMS_CATEGORIES] as CategoryFilter[]).map((each) => (
              <li key={each || 'all'}>
                <button type="button" className="chip" aria-pressed={filter === each} onClick={() => setFilter(each)}>
                  {each ? SMS_CATEGORY_LABELS[each] : messages.allCategories}
                </button>
              </li>
            ))}
          </ul>
          {shown.length ? (
            <ul className="templates-pick" aria-label={messages.template}>
              {shown.map((each) => (
                <li key={each.id}>
                  <button type="button" aria-pressed={template?.id === each.id} onClick={() => pick(each)} data-template={each.name}>
                    <strong>{each.name} <span className="st" data-state={each.status === 'approved' ? 'delivered' : each.status === 'rejected' ? 'failed' : 'paused'}>{each.statusName}</span></strong>
                    <span>{each.body}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : <p className="muted small">{messages.noTemplates}</p>}
        </section>

        <section className="card" aria-labelledby="sms-body">
          <h3 id="sms-body">{messages.body}</h3>
          <sl-select className="field" label={messages.kind} value={category} onsl-change={(event: Event) => setCategory(inputValue(event) as SmsCategory)}>
            {SMS_CATEGORIES.map((each) => <sl-option key={each} value={each}>{SMS_CATEGORY_LABELS[each]}</sl-option>)}
          </sl-select>
          <p className="muted small">{marketing ? messages.kindHelp.marketing : messages.kindHelp.notice}</p>
          <textarea ref={editor} aria-label={messages.body} placeholder={messages.bodyPlaceholder} value={body} maxLength={SMS_MAX_LENGTH}
            onInput={(event) => setBody(inputValue(event))}></textarea>
          <div className="vars" role="group" aria-label={messages.variables}>
            <span className="muted small">{messages.variables}</span>
            {TEMPLATE_VARIABLES.map((variable) => (
              <button key={variable} type="button" className="var" aria-label={messages.insertVariable(variable)} onClick={() => insert(variable)}>
                {`{${variable}}`}
              </button>
            ))}
          </div>
          {bodyProblem ? <p className="problem" role="alert">{bodyProblem}</p> : null}
          <label className="field">
            {messages.campaignName}
            <input className="native" value={name} maxLength={30} placeholder={messages.campaignNamePlaceholder} onInput={(event) => setName(inputValue(event))} />
          </label>
        </section>
      </div>

      <div className="column">
        <section className="card" aria-labelledby="sms-preview">
          <h3 id="sms-preview">{messages.preview}</h3>
          <div className="phone">
            <span className="muted small">{messages.previewFor(sampleName)}</span>
            <div className={delivered ? 'bubble' : 'bubble empty'} data-testid="sms-preview">{delivered || messages.previewEmpty}</div>
          </div>
          <div className="counter">
            <span className={tooLong ? 'count over' : 'count'} data-testid="sms-counter">{messages.counter(counted.length, counted.segments)}</span>
          </div>
          <p className="muted small">{marketing ? messages.counterHelp : messages.counterHelpNotice}</p>
          {!settings.signature ? <p className="note warn">{messages.noSignature}</p> : null}
        </section>

        <section className="card" aria-labelledby="sms-cost">
          <h3 id="sms-cost">{messages.cost}</h3>
          <dl className="sums">
            <dt>{messages.cost}</dt>
            <dd data-testid="sms-cost">{credits === null ? messages.none : messages.costValue(credits)}</dd>
            <dt>{messages.balance}</dt>
            <dd className={missing ? 'short' : ''} data-testid="sms-balance">{messages.balanceValue(balance)}</dd>
          </dl>
          <p className="muted small">{messages.costHelp}</p>
          {missing ? (
            <p className="note warn" role="alert">
              {messages.short(missing)}{' '}
              <AppLink className="link" path={SMS_BUY_PATH} host={host}>{messages.buy}</AppLink>
            </p>
          ) : null}
          {previewProblem ? <p className="problem" role="alert">{previewProblem}</p> : null}
        </section>

        <section className="card" aria-labelledby="sms-when">
          <h3 id="sms-when">{messages.when}</h3>
          <div className="sources" role="group" aria-label={messages.when}>
            <button type="button" className="chip" aria-pressed={!later} onClick={() => setLater(false)}>{messages.now}</button>
            <button type="button" className="chip" aria-pressed={later} onClick={() => (setLater(true), at || setAt(garageLocal(new Date(now.getTime() + 3_600_000))))}>{messages.later}</button>
          </div>
          {later ? (
            <div className="send-at" role="group" aria-label={messages.later}>
              <DateField label={messages.atDay} min={garageLocal(now).slice(0, 10)} value={atDay || undefined} onChange={(day) => setAt(`${day ?? ''}T${atTime}`)} />
              <sl-input label={messages.at} placeholder="09:30" maxlength="5" inputmode="numeric" value={atTime} onsl-input={(event: Event) => setAt(`${atDay}T${inputValue(event)}`)}></sl-input>
            </div>
          ) : null}
          {marketing && moved && goesAt ? (
            <p className="note info" data-testid="sms-window" role="status">
              {later ? messages.laterQueued(shortTime(goesAt)) : messages.windowNow(MARKETING_WINDOW_TEXT, shortTime(goesAt))}
            </p>
          ) : null}
          {tried && problem ? <p className="problem" role="alert">{problem}</p> : null}
          <div className="send-row">
            <sl-button variant="primary" loading={busy} disabled={blocked} onClick={send}>
              {later ? messages.schedule : messages.send}
            </sl-button>
          </div>
        </section>
      </div>
    </div>
  );
}
