/**
 * The SMPP session in its own thread. PGlite runs on the main thread and blocks it while a query
 * runs; with the session there, every query (a batch commit, somebody's customer list) stalled the
 * SMSC window and a 100,000-text campaign sent at a fraction of what the link takes. In a worker
 * the window stays full whatever the database is doing; the main thread only hands over texts and
 * takes answers, receipts and replies (same SmsProvider interface, same errors).
 */
import { Worker } from 'node:worker_threads';
import { SmsNotSent, SmsRejected, type SmsEvent, type SmsMessage, type SmsProvider } from './sms';
import type { SmppSettings } from './smpp';

type Log = { warn(obj: unknown, msg?: string): void; info(obj: unknown, msg?: string): void };
export type ToWorker = { type: 'submit'; texts: { seq: number; phone: string; text: string }[] } | { type: 'listen' } | { type: 'close' };
export type SubmitResult = { seq: number; ids?: string[]; error?: { kind: 'not-sent' | 'rejected' | 'uncertain'; message: string } };
export type FromWorker =
  | { type: 'results'; results: SubmitResult[] }
  | { type: 'events'; events: SmsEvent[] }
  | { type: 'log'; level: 'warn' | 'info'; obj: unknown; msg?: string }
  | { type: 'closed' };

export function smppInThread(settings: SmppSettings, log: Log): SmsProvider {
  const worker = new Worker(new URL('./smpp-worker.mjs', import.meta.url), { workerData: settings });
  worker.unref();
  const pending = new Map<number, { resolve: (ids: string[]) => void; reject: (error: Error) => void }>();
  const listeners: ((event: SmsEvent) => void)[] = [];
  let seq = 0;
  let closed: (() => void) | undefined;
  const post = (message: ToWorker) => worker.postMessage(message);

  worker.on('message', (message: FromWorker) => {
    if (message.type === 'results') {
      for (const result of message.results) {
        const waiting = pending.get(result.seq);
        pending.delete(result.seq);
        if (!waiting) continue;
        if (result.ids) waiting.resolve(result.ids);
        else if (result.error!.kind === 'not-sent') waiting.reject(new SmsNotSent(result.error!.message));
        else if (result.error!.kind === 'rejected') waiting.reject(new SmsRejected(result.error!.message));
        else waiting.reject(new Error(result.error!.message));
      }
    } else if (message.type === 'events') {
      for (const event of message.events) for (const listener of listeners) listener(event);
    } else if (message.type === 'log') log[message.level](message.obj, message.msg);
    else closed?.();
  });
  worker.on('error', (error) => log.warn({ err: error }, 'SMPP thread failed'));
  worker.on('exit', () => {
    // Anything still waiting may have been written: "maybe sent" (the campaign decides).
    for (const waiting of pending.values()) waiting.reject(new Error('短信通道线程已退出，未确认是否送出'));
    pending.clear();
    closed?.();
  });

  // The texts of one turn (a batch of a campaign: hundreds) go over as one message.
  let outbox: { seq: number; phone: string; text: string }[] = [];
  const handOver = () => {
    const texts = outbox;
    outbox = [];
    post({ type: 'submit', texts });
  };
  function submit({ phone, text }: { phone: string; text: string }): Promise<string[]> {
    return new Promise((resolve, reject) => {
      seq += 1;
      pending.set(seq, { resolve, reject });
      if (outbox.push({ seq, phone, text }) === 1) queueMicrotask(handOver);
    });
  }

  return {
    name: 'smpp',
    requiresApproval: settings.requiresApproval,
    window: settings.window,
    async send(message: SmsMessage) {
      await submit({ phone: message.phone, text: message.content });
    },
    submit,
    onEvent(listener) {
      listeners.push(listener);
      post({ type: 'listen' });
    },
    async close() {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 3000);
        closed = () => {
          clearTimeout(timer);
          resolve();
        };
        post({ type: 'close' });
      });
      await worker.terminate();
    },
  };
}
