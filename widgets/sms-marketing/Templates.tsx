/**
 * 短信模板: the chain's signature 【…】, the templates by category with their owner (总部模板 or a
 * store) and approval chip, and a dialog to create or edit one (variables inserted as chips, preview
 * with the sample recipient). Edit, delete and review show only where the server's canEdit /
 * canReview allow them (contracts/sms.ts templateEditProblem): a store sees the chain's templates
 * but gets no control to change them.
 */
import { useRef, useState } from 'react';
import { DialogFooter, session, toast, useBusyAction, useDialogClose, useLazyDialogs, useValue } from '../core';
import {
  composeSms,
  DAILY_MARKETING_LIMIT,
  countSms,
  normaliseSignature,
  renderTemplate,
  SAMPLE_RECIPIENT,
  SIGNATURE_MAX,
  signatureProblem,
  SMS_CATEGORIES,
  SMS_CATEGORY_LABELS,
  TEMPLATE_VARIABLES,
  templateProblem,
  type SmsCategory,
} from '../../contracts/sms';
import { complianceApi, smsApi, type Template } from './api';
import { messages } from './messages';
import type { SmsPageData } from './SmsMarketing';
import { garageTime } from '../core/clock';
import '@shoelace-style/shoelace/dist/components/select/select.js';
import '@shoelace-style/shoelace/dist/components/option/option.js';

type Dialog = { type: 'edit'; template: Template | null } | { type: 'remove'; template: Template } | { type: 'reject'; template: Template };
const inputValue = (event: { target: EventTarget | null }) => (event.target as HTMLInputElement).value;
/** Approval chip colours (the shared .st states). */
export const APPROVAL_LOOK = { approved: 'delivered', pending: 'paused', rejected: 'failed' } as const;
const usedVariables = (body: string) => TEMPLATE_VARIABLES.filter((variable) => body.includes(`{${variable}}`));

export function Templates({ data, onChanged, onUse }: { data: SmsPageData; onChanged(): void; onUse(template: Template): void }) {
  const { settings, templates } = data;
  const [filter, setFilter] = useState<SmsCategory | ''>('');
  const [signature, setSignature] = useState(settings.signature);
  const [limit, setLimit] = useState(String(settings.dailyMarketingLimit));
  const [busy, run] = useBusyAction();
  const { dialog, setDialog, closeIf, partsReady } = useLazyDialogs<Dialog>(() => import('./dialog-parts'));
  const typedSignature = signature.trim() ? normaliseSignature(signature) : '';
  const signatureIssue = typedSignature ? signatureProblem(typedSignature) : signatureProblem('');
  const limitNumber = Number(limit);
  const limitIssue = Number.isInteger(limitNumber) && limitNumber >= DAILY_MARKETING_LIMIT.min && limitNumber <= DAILY_MARKETING_LIMIT.max ? null : messages.limitRange(DAILY_MARKETING_LIMIT.min, DAILY_MARKETING_LIMIT.max);
  const unchanged = typedSignature === settings.signature && limitNumber === settings.dailyMarketingLimit;
  const shown = templates.filter((each) => !filter || each.category === filter);
  const [reviewing, review] = useBusyAction();
  /** 通过 / 提交审核 answer at once; 驳回 asks for the reason in a dialog. */
  const decide = (template: Template, action: 'approve' | 'submit') =>
    review(async () => {
      const changed = action === 'approve' ? await complianceApi.review(template, true, '') : await complianceApi.submit(template.id);
      toast.success(action === 'approve' ? messages.approved(changed.name) : messages.submitted(changed.name));
      onChanged();
    });

  const saveSignature = () =>
    run(async () => {
      if (signatureIssue || limitIssue) return;
      const saved = await smsApi.saveSettings({ signature: typedSignature, dailyMarketingLimit: limitNumber });
      setSignature(saved.signature);
      setLimit(String(saved.dailyMarketingLimit));
      toast.success(messages.signatureSaved);
      onChanged();
    });

  return (
    <div className="sms-templates" style={{ display: 'flex', flexDirection: 'column', gap: '14px' }}>
      <section className="card" aria-labelledby="sms-signature">
        <h3 id="sms-signature">{messages.settingsTitle}</h3>
        <div className="signature-row">
          <label className="field">
            {messages.signature}
            <input className="native" value={signature} maxLength={SIGNATURE_MAX + 4} placeholder="【门店管家】" readOnly={!settings.canEdit} onInput={(event) => setSignature(inputValue(event))} />
          </label>
          <label className="field limit">
            {messages.dailyLimit}
            <input className="native" type="number" inputMode="numeric" min={DAILY_MARKETING_LIMIT.min} max={DAILY_MARKETING_LIMIT.max} value={limit} readOnly={!settings.canEdit} onInput={(event) => setLimit(inputValue(event))} />
          </label>
          {settings.canEdit ? (
            <sl-button size="small" variant="primary" loading={busy} disabled={!!signatureIssue || !!limitIssue || unchanged} onClick={saveSignature}>
              {messages.saveSignature}
            </sl-button>
          ) : null}
        </div>
        {signature.trim() && signatureIssue ? <p className="problem" role="alert">{signatureIssue}</p> : limitIssue ? <p className="problem" role="alert">{limitIssue}</p> : <p className="muted small">{settings.canEdit ? messages.signatureHelp : messages.settingsChainOnly}</p>}
      </section>

      {settings.requiresApproval ? <p className="note info">{messages.reviewHelp}</p> : templates.some((each) => each.status === 'pending') ? <p className="note info">{messages.internalReviewHelp}</p> : null}
      <div className="toolbar">
        <ul className="chips" aria-label={messages.category}>
          {(['', ...SMS_CATEGORIES] as const).map((each) => (
            <li key={each || 'all'}>
              <button type="button" className="chip" aria-pressed={filter === each} onClick={() => setFilter(each)}>
                {each ? SMS_CATEGORY_LABELS[each] : messages.allCategories}
                <span className="figure">{(each ? templates.filter((template) => template.category === each) : templates).length}</span>
              </button>
            </li>
          ))}
        </ul>
        <sl-button size="small" variant="primary" onClick={() => setDialog({ type: 'edit', template: null })}>
          <sl-icon slot="prefix" name="plus-lg"></sl-icon>
          {messages.createTemplate}
        </sl-button>
      </div>

      {shown.length === 0 ? (
        <div className="state"><p>{templates.length ? messages.noTemplates : messages.templatesEmpty}</p></div>
      ) : (
        <ul className="list" aria-label={messages.tabs.templates}>
          {shown.map((template) => {
            const variables = usedVariables(template.body);
            return (
              <li key={template.id} className="tpl" data-template={template.name} data-owner={template.storeId === null ? 'chain' : 'store'}>
                <span className="name">
                  {template.name}
                  <span className="owner" data-owner={template.storeId === null ? 'chain' : 'store'}>{template.ownerName}</span>
                  <span className="st" data-state="queued">{template.categoryName}</span>
                  <span className="st" data-state={APPROVAL_LOOK[template.status]} title={template.reviewNote || undefined}>{template.statusName}</span>
                </span>
                <p className="text">{template.body}</p>
                <span className="meta">
                  <span>{messages.templateVariables}：{variables.length ? variables.map((variable) => `{${variable}}`).join(' ') : messages.noVariables}</span>
                  <span>{messages.updatedAt(garageTime(template.updatedAt))}</span>
                  {template.status === 'rejected' && template.reviewNote ? <span className="reason">{messages.rejectedBecause(template.reviewNote)}</span> : null}
                </span>
                <span className="actions">
                  {template.canReview && template.status === 'pending' ? (
                    <>
                      <sl-button size="small" variant="text" disabled={reviewing} onClick={() => decide(template, 'approve')}>{messages.approve}</sl-button>
                      <sl-button size="small" variant="text" className="danger" disabled={reviewing} onClick={() => setDialog({ type: 'reject', template })}>{messages.reject}</sl-button>
                    </>
                  ) : null}
                  {template.canEdit && template.status === 'rejected' ? (
                    <sl-button size="small" variant="text" disabled={reviewing} onClick={() => decide(template, 'submit')}>{messages.submitReview}</sl-button>
                  ) : null}
                  <sl-button size="small" variant="text" disabled={template.status !== 'approved'} onClick={() => onUse(template)}>{messages.useTemplate}</sl-button>
                  {template.canEdit ? (
                    <>
                      <sl-button size="small" variant="text" onClick={() => setDialog({ type: 'edit', template })}>{messages.edit}</sl-button>
                      <sl-button size="small" variant="text" className="danger" onClick={() => setDialog({ type: 'remove', template })}>{messages.remove}</sl-button>
                    </>
                  ) : (
                    <span className="muted small locked">{messages.chainOnly}</span>
                  )}
                </span>
              </li>
            );
          })}
        </ul>
      )}

      {partsReady && dialog?.type === 'edit' ? (
        <TemplateDialog template={dialog.template} signature={settings.signature} requiresApproval={settings.requiresApproval} onClose={closeIf('edit')} onSaved={onChanged} />
      ) : null}
      {partsReady && dialog?.type === 'remove' ? <RemoveDialog template={dialog.template} onClose={closeIf('remove')} onRemoved={onChanged} /> : null}
      {partsReady && dialog?.type === 'reject' ? <RejectDialog template={dialog.template} onClose={closeIf('reject')} onRejected={onChanged} /> : null}
    </div>
  );
}

function TemplateDialog({ template, signature, requiresApproval, onClose, onSaved }: {
  template: Template | null;
  signature: string;
  requiresApproval: boolean;
  onClose(): void;
  onSaved(): void;
}) {
  const ref = useDialogClose(onClose);
  const [name, setName] = useState(template?.name ?? '');
  const [category, setCategory] = useState<SmsCategory>(template?.category ?? 'maintenance');
  const [body, setBody] = useState(template?.body ?? '');
  const [tried, setTried] = useState(false);
  const [busy, run] = useBusyAction();
  const editor = useRef<HTMLTextAreaElement>(null);
  const problem = !name.trim() ? messages.needName : templateProblem(body);
  const full = body.trim() ? composeSms({ signature, body: renderTemplate(body, SAMPLE_RECIPIENT), category }) : '';
  // Where a new template goes: the server's rule (routes/sms.ts createSmsTemplate), said before saving.
  const dataScope = useValue(session.dataScope);
  const atHeadquarters = useValue(session.isHeadquarters);
  const forChain = dataScope === 1 && atHeadquarters;
  const counted = countSms(full);
  const close = () => (ref.current as { hide?: () => void } | null)?.hide?.();

  const insert = (variable: string) => {
    const start = editor.current?.selectionStart ?? body.length;
    const end = editor.current?.selectionEnd ?? body.length;
    setBody(body.slice(0, start) + `{${variable}}` + body.slice(end));
    requestAnimationFrame(() => editor.current?.focus());
  };

  const save = () => {
    setTried(true);
    if (problem) return;
    void run(async () => {
      const input = { name: name.trim(), category, body };
      const saved = template ? await smsApi.updateTemplate(template.id, input) : await smsApi.createTemplate(input);
      toast.success(messages.saved(saved.name));
      onSaved();
      close();
    });
  };

  return (
    <sl-dialog ref={ref} open label={template ? messages.editTemplate : messages.createTemplate} class="sms-dialog">
      <div className="form" style={{ display: 'flex', flexDirection: 'column', gap: '12px' }}>
        <label className="field">
          {messages.templateName}
          <input className="native" value={name} maxLength={30} onInput={(event) => setName(inputValue(event))} />
        </label>
        <sl-select className="field" label={messages.category} value={category} hoist onsl-change={(event: Event) => setCategory(inputValue(event) as SmsCategory)}>
          {SMS_CATEGORIES.map((each) => <sl-option key={each} value={each}>{SMS_CATEGORY_LABELS[each]}</sl-option>)}
        </sl-select>
        <label className="field">
          {messages.templateBody}
          <textarea ref={editor} value={body} onInput={(event) => setBody(inputValue(event))} placeholder={messages.bodyPlaceholder}></textarea>
        </label>
        <div className="vars" role="group" aria-label={messages.variables}>
          {TEMPLATE_VARIABLES.map((variable) => (
            <button key={variable} type="button" className="var" aria-label={messages.insertVariable(variable)} onClick={() => insert(variable)}>{`{${variable}}`}</button>
          ))}
        </div>
        {full ? (
          <div className="phone">
            <span className="muted small">{messages.previewFor(SAMPLE_RECIPIENT.name)} · {messages.counter(counted.length, counted.segments)}</span>
            <div className="bubble">{full}</div>
          </div>
        ) : null}
        {template ? null : <p className="muted small">{forChain ? messages.savesAsChain : messages.savesAsStore}</p>}
        {requiresApproval ? <p className="muted small">{messages.approvalHelp}</p> : template?.status === 'approved' ? <p className="muted small">{messages.editNeedsReview}</p> : null}
        {tried && problem ? <p className="problem" role="alert">{problem}</p> : null}
      </div>
      <DialogFooter confirmLabel={messages.save} busy={busy} onConfirm={save} onCancel={close} />
    </sl-dialog>
  );
}

function RemoveDialog({ template, onClose, onRemoved }: { template: Template; onClose(): void; onRemoved(): void }) {
  const ref = useDialogClose(onClose);
  const [busy, run] = useBusyAction();
  const close = () => (ref.current as { hide?: () => void } | null)?.hide?.();
  const remove = () =>
    run(async () => {
      await smsApi.deleteTemplate(template.id);
      toast.success(messages.removed1(template.name));
      onRemoved();
      close();
    });
  return (
    <sl-dialog ref={ref} open label={messages.removeTitle}>
      <p>{messages.removeText(template.name)}</p>
      <DialogFooter confirmLabel={messages.remove} variant="danger" busy={busy} onConfirm={remove} onCancel={close} />
    </sl-dialog>
  );
}

function RejectDialog({ template, onClose, onRejected }: { template: Template; onClose(): void; onRejected(): void }) {
  const ref = useDialogClose(onClose);
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, run] = useBusyAction();
  const close = () => (ref.current as { hide?: () => void } | null)?.hide?.();
  const reject = () => {
    setTried(true);
    if (!note.trim()) return;
    void run(async () => {
      const changed = await complianceApi.review(template, false, note.trim());
      toast.success(messages.rejected(changed.name));
      onRejected();
      close();
    });
  };
  return (
    <sl-dialog ref={ref} open label={messages.rejectTitle} class="sms-dialog">
      <div className="form" style={{ display: 'flex', flexDirection: 'column', gap: '12px' }}>
        <p>{messages.rejectText(template.name)}</p>
        <label className="field">
          {messages.rejectReason}
          <input className="native" maxLength={100} value={note} onInput={(event) => setNote(inputValue(event))} />
        </label>
        {tried && !note.trim() ? <p className="problem" role="alert">{messages.needRejectReason}</p> : null}
      </div>
      <DialogFooter confirmLabel={messages.reject} variant="danger" busy={busy} onConfirm={reject} onCancel={close} />
    </sl-dialog>
  );
}
