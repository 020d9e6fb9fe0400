/** The worker side of smpp-thread.ts: one smppSms session; answers and events are sent over in batches. */
import { parentPort, workerData } from 'node:worker_threads';
import { smppSms, type SmppSettings } from './smpp';
import { SmsNotSent, SmsRejected, type SmsEvent } from './sms';
import type { FromWorker, SubmitResult, ToWorker } from './smpp-thread';

const port = parentPort!;
const send = (message: FromWorker) => port.postMessage(message);
const log = {
  warn: (obj: unknown, msg?: string) => send({ type: 'log', level: 'warn', obj: obj instanceof Error ? obj.message : obj, msg }),
  info: (obj: unknown, msg?: string) => send({ type: 'log', level: 'info', obj, msg }),
};
const provider = smppSms(workerData as SmppSettings, log);

// Answers and events go over once per turn of this thread's loop: one message instead of one per
// text (100,000 texts were 100,000 messages for the main thread to take, each a task of its own).
let results: SubmitResult[] = [];
let events: SmsEvent[] = [];
let flushing = false;
const flush = () => {
  flushing = false;
  // Answers first: a receipt is never handed over before its submit's answer (the SMSC sends them in that order).
  if (results.length > 0) send({ type: 'results', results });
  if (events.length > 0) send({ type: 'events', events });
  results = [];
  events = [];
};
const later = () => {
  if (flushing) return;
  flushing = true;
  setImmediate(flush);
};
let listening = false;

port.on('message', (message: ToWorker) => {
  if (message.type === 'submit') {
    for (const { seq, phone, text } of message.texts) {
      provider
        .submit({ phone, text })
        .then(
          (ids): SubmitResult => ({ seq, ids }),
          (error: Error): SubmitResult => ({ seq, error: { kind: error instanceof SmsNotSent ? 'not-sent' : error instanceof SmsRejected ? 'rejected' : 'uncertain', message: error.message } }),
        )
        .then((result) => {
          results.push(result);
          later();
        });
    }
  } else if (message.type === 'listen') {
    if (listening) return;
    listening = true;
    provider.onEvent((event) => {
      events.push(event);
      later();
    });
  } else {
    void provider.close().finally(() => {
      flush();
      send({ type: 'closed' });
    });
  }
});
