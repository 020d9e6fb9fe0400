/** The worker side of smpp-thread.ts: one smppSms session; events are sent over in small batches. */
import { parentPort, workerData } from 'node:worker_threads';
import { smppSms, type SmppSettings } from './smpp';
import { SmsNotSent, SmsRejected, type SmsEvent } from './sms';
import type { FromWorker, ToWorker } from './smpp-thread';

const port = parentPort!;
const send = (message: FromWorker) => port.postMessage(message);
const log = {
  warn: (obj: unknown, msg?: string) => send({ type: 'log', level: 'warn', obj: obj instanceof Error ? obj.message : obj, msg }),
  info: (obj: unknown, msg?: string) => send({ type: 'log', level: 'info', obj, msg }),
};
const provider = smppSms(workerData as SmppSettings, log);

let events: SmsEvent[] = [];
let flushing = false;
const flush = () => {
  flushing = false;
  const batch = events;
  events = [];
  if (batch.length > 0) send({ type: 'events', events: batch });
};
let listening = false;

port.on('message', (message: ToWorker) => {
  if (message.type === 'submit') {
    provider.submit({ phone: message.phone, text: message.text }).then(
      (ids) => send({ type: 'result', seq: message.seq, ids }),
      (error: Error) =>
        send({
          type: 'result',
          seq: message.seq,
          error: { kind: error instanceof SmsNotSent ? 'not-sent' : error instanceof SmsRejected ? 'rejected' : 'uncertain', message: error.message },
        }),
    );
  } else if (message.type === 'listen') {
    if (listening) return;
    listening = true;
    provider.onEvent((event) => {
      events.push(event);
      if (!flushing) {
        flushing = true;
        setImmediate(flush);
      }
    });
  } else {
    void provider.close().finally(() => {
      flush();
      send({ type: 'closed' });
    });
  }
});
