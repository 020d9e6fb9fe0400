/**
 * Text messages leave through this interface. The development adapter keeps every message in the
 * sms_outbox table and prints it to the log, so a developer can log in by phone without a gateway;
 * a deployment plugs in its gateway's adapter (buildApp's `providers.sms`).
 */
import { writeOutbox } from '../repositories/login';
import { ApiError, Code } from '../http/envelope';
import type { Database } from '../db/database';

export interface SmsMessage {
  phone: string;
  content: string;
  /** What the text is for ('login-code', 'marketing', …): gateways route by it, the outbox keeps it. */
  purpose: string;
}

export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

/** Production without a gateway: texts are refused with a reason staff can act on, nothing is kept. */
export function unconfiguredSms(): SmsProvider {
  return {
    name: 'unconfigured',
    async send() {
      throw new ApiError(Code.unavailable, '短信通道尚未配置，请使用账号密码登录或联系管理员');
    },
  };
}

export function developmentSms(db: Database, log: (line: string) => void): SmsProvider {
  return {
    name: 'development-outbox',
    async send(message) {
      await writeOutbox(db, message.phone, message.content, message.purpose);
      log(`[短信 SMS → ${message.phone}] ${message.content}`);
    },
  };
}
