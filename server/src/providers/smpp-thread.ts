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
export type ToWorker = { type: 'submit'; seq: number; phone: string; text: string } | { type: 'listen' } | { type: 'close' };
export type FromWorker =
  | { type: 'result'; seq: number; ids?: string[]; error?: { kind: 'not-sent' | 'rejected' | 'uncertain'; message: string } }
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
    if (message.type === 'result') {
      const waiting = pending.get(message.seq);
      pending.delete(message.seq);
      if (!waiting) return;
      if (message.ids) waiting.resolve(message.ids);
      else if (message.error!.kind === 'not-sent') waiting.reject(new SmsNotSent(message.error!.message));
      else if (message.error!.kind === 'rejected') waiting.reject(new SmsRejected(message.error!.message));
      else waiting.reject(new Error(message.error!.message));
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

  function submit({ phone, text }: { phone: string; text: string }): Promise<string[]> {
    return new Promise((resolve, reject) => {
      seq += 1;
      pending.set(seq, { resolve, reject });
      post({ type: 'submit', seq, phone, text });
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
