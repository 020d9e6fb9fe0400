/** The parts of the `smpp` package (0.5, no bundled types) the SMS provider and the local SMSC peer use. */
declare module 'smpp' {
  import type { EventEmitter } from 'node:events';
  import type { Server as NetServer } from 'node:net';

  export interface Pdu {
    command: string;
    command_status: number;
    sequence_number: number;
    [field: string]: unknown;
    isResponse(): boolean;
    response(options?: Record<string, unknown>): Pdu;
  }

  export class PDU implements Pdu {
    constructor(command: string, options?: Record<string, unknown>);
    command: string;
    command_status: number;
    sequence_number: number;
    [field: string]: unknown;
    isResponse(): boolean;
    response(options?: Record<string, unknown>): Pdu;
  }

  export interface Session extends EventEmitter {
    socket: import('node:net').Socket;
    send(pdu: Pdu, responseCallback?: (pdu: Pdu) => void, sendCallback?: (pdu: Pdu) => void): boolean;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
    pause(): void;
    resume(): void;
    bind_transceiver(options: Record<string, unknown>, callback?: (pdu: Pdu) => void): boolean;
    submit_sm(options: Record<string, unknown>, callback?: (pdu: Pdu) => void, sendCallback?: (pdu: Pdu) => void): boolean;
    deliver_sm(options: Record<string, unknown>, callback?: (pdu: Pdu) => void): boolean;
    enquire_link(options?: Record<string, unknown> | ((pdu: Pdu) => void), callback?: (pdu: Pdu) => void): boolean;
    unbind(options?: Record<string, unknown> | ((pdu: Pdu) => void), callback?: (pdu: Pdu) => void): boolean;
  }

  export interface Server extends NetServer {
    sessions: Session[];
  }

  export function connect(options: { url: string; auto_enquire_link_period?: number }, listener?: () => void): Session;
  export function createServer(options: Record<string, unknown>, listener: (session: Session) => void): Server;

  export const ESME_ROK: number;
  export const ESME_RBINDFAIL: number;
  export const ESME_RSUBMITFAIL: number;
  export const ESME_RTHROTTLED: number;
  export const ESME_RINVDSTADR: number;

  const smpp: {
    connect: typeof connect;
    createServer: typeof createServer;
    PDU: typeof PDU;
    ESME_ROK: number;
    ESME_RBINDFAIL: number;
    ESME_RSUBMITFAIL: number;
    ESME_RTHROTTLED: number;
    ESME_RINVDSTADR: number;
  };
  export default smpp;
}
