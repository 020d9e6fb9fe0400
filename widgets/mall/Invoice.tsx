/**
 * 申请发票 for a 已开通 order: 增值税普通发票 or 专用发票, 抬头, 纳税人识别号 (checked here with the
 * contract's rule as one types, and again by the server), and for 专用发票 the registered address,
 * phone, bank and account. The server's refusal (e.g. the order was invoiced meanwhile) is said in
 * the dialog, which keeps what was typed.
 */
import { useEffect, useState } from 'react';
import { ApiError, DialogFooter, toast, useBusyAction, useDialogClose } from '../core';
import { formatMoney } from '../core/formats';
import { INVOICE_KIND_NAMES, INVOICE_KINDS, isTaxId, TAX_ID_RULE_TEXT, type InvoiceKind } from '../../contracts/rules/mall';
import { mallApi, type Order } from './api';
import { messages } from './messages';

const text = messages.invoice;
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{1,63}$/;
const SPECIAL_FIELDS = ['address', 'phone', 'bank', 'bankAccount'] as const;
type Field = 'title' | 'taxId' | 'email' | (typeof SPECIAL_FIELDS)[number];
const EMPTY: Record<Field, string> = { title: '', taxId: '', email: '', address: '', phone: '', bank: '', bankAccount: '' };

/** The first problem of each field, in Chinese; {} when the request may go. */
export function invoiceProblems(kind: InvoiceKind, values: Record<Field, string>): Partial<Record<Field, string>> {
  const problems: Partial<Record<Field, string>> = {};
  if (!values.title.trim()) problems.title = text.required(text.fields.title);
  const taxId = values.taxId.trim();
  if (!taxId) problems.taxId = text.required(text.fields.taxId);
  else if (!isTaxId(taxId)) problems.taxId = text.badTaxId(TAX_ID_RULE_TEXT);
  if (!values.email.trim()) problems.email = text.required(text.fields.email);
  else if (!EMAIL.test(values.email.trim())) problems.email = text.badEmail;
  if (kind === 'special') for (const field of SPECIAL_FIELDS) if (!values[field].trim()) problems[field] = text.requiredSpecial(text.fields[field]);
  return problems;
}

export function InvoiceDialog({ order, onClose, onDone }: { order: Order | null; onClose(): void; onDone(): void }) {
  const ref = useDialogClose(onClose);
  const [busy, run] = useBusyAction();
  const [kind, setKind] = useState<InvoiceKind>('normal');
  const [values, setValues] = useState(EMPTY);
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState('');
  useEffect(() => {
    if (!order) return;
    setKind('normal');
    setValues(EMPTY);
    setTried(false);
    setRefusal('');
  }, [order]);

  const problems = invoiceProblems(kind, values);
  const submit = () =>
    run(async () => {
      setTried(true);
      setRefusal('');
      if (!order || Object.keys(problems).length > 0) return;
      const trimmed = Object.fromEntries(Object.entries(values).map(([field, value]) => [field, value.trim()])) as Record<Field, string>;
      try {
        await mallApi.requestInvoice({ orderId: order.id, kind, ...trimmed, ...(kind === 'normal' ? { address: '', phone: '', bank: '', bankAccount: '' } : {}) });
      } catch (error) {
        if (error instanceof ApiError && !error.cancelled) setRefusal(error.msg);
        throw error;
      }
      toast.success(text.sent(order.orderNo));
      onDone();
      onClose();
    });

  const input = (field: Field, options: { maxlength: number; type?: string; help?: string }) => {
    const problem = tried ? problems[field] : undefined;
    return (
      <sl-input label={text.fields[field]} value={values[field]} maxlength={String(options.maxlength)} type={options.type ?? 'text'} data-field={field}
        help-text={problem ?? options.help ?? ''} data-problem={problem ? '' : undefined}
        onsl-input={(event: Event) => {
          // Read now: once the event has left the shadow root its target is our host element.
          const value = (event.target as HTMLInputElement).value;
          setValues((old) => ({ ...old, [field]: value }));
        }}></sl-input>
    );
  };

  return (
    <sl-dialog ref={ref} label={text.title} open={order !== null} className="invoice-dialog">
      <form className="form" noValidate onSubmit={(event) => (event.preventDefault(), void submit())}>
        {order ? <p className="small muted">{text.forOrder(order.orderNo, order.productName, formatMoney(order.amountFen))}</p> : null}
        <sl-radio-group label={text.fields.kind} value={kind} className="kinds" onsl-change={(event: Event) => setKind((event.target as HTMLInputElement).value as InvoiceKind)}>
          {INVOICE_KINDS.map((each) => <sl-radio key={each} value={each}>{INVOICE_KIND_NAMES[each]}</sl-radio>)}
        </sl-radio-group>
        {input('title', { maxlength: 100, help: text.titleHelp })}
        {input('taxId', { maxlength: 20, help: TAX_ID_RULE_TEXT })}
        {input('email', { maxlength: 254, type: 'email', help: text.emailHelp })}
        {kind === 'special' ? (
          <>
            {input('address', { maxlength: 100 })}
            {input('phone', { maxlength: 30 })}
            {input('bank', { maxlength: 60 })}
            {input('bankAccount', { maxlength: 40 })}
          </>
        ) : null}
        {refusal ? <p className="error" role="alert">{refusal}</p> : null}
      </form>
      <DialogFooter busy={busy} confirmLabel={text.submit} onCancel={onClose} onConfirm={submit} />
    </sl-dialog>
  );
}
