// The SMTP server messages leave through: its settings as parameters and a secret, one send with nodemailer, and
// which failures are worth another attempt (docs/mail.md, "Sending").
import { defineBoolean, defineInt, defineSecret, defineString } from 'firebase-functions/params';
import nodemailer from 'nodemailer';
import type { MailDocument } from '@trialdesk/shared';

// Declared once at load, so a deploy asks for those without a default (or reads them from functions/.env.<project>);
// the local stack writes its own values into its functions' configDir (docs/mail.md, "Configuration").
export const SMTP_HOST = defineString('SMTP_HOST', { description: 'The SMTP server messages are sent through' });
export const SMTP_PORT = defineInt('SMTP_PORT', { default: 587, description: 'The SMTP server’s port' });
export const SMTP_SECURE = defineBoolean('SMTP_SECURE', {
  default: false,
  description: 'TLS from the first byte (port 465); false: STARTTLS when the server offers it',
});
export const SMTP_USER = defineString('SMTP_USER', {
  default: '',
  description: 'The SMTP account (empty: the server takes mail without signing in)',
});
/** The SMTP account's password (Secret Manager; the local stack's comes from functions/.secret.local). */
export const SMTP_PASSWORD = defineSecret('SMTP_PASSWORD');
export const MAIL_FROM = defineString('MAIL_FROM', {
  description: 'The sender of every message, such as "TrialDesk <no-reply@trialdesk.example.org>"',
});

/** How long one send may take at each step: the whole attempt stays well inside the functions' timeout. */
const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

/** A send that failed: `permanent` when the server refused it for good (a 5xx answer), so retrying cannot help. */
export class SendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/** The part of a nodemailer error worth recording: no credentials, no message text. */
function describe(error: unknown): SendError {
  const { code, responseCode, response, message } = (error ?? {}) as {
    code?: string;
    responseCode?: number;
    response?: string;
    message?: string;
  };
  // A 5xx answer to the envelope or the message (an unknown recipient, a refused sender, a message refused) is the
  // server's final word on this message. Everything else may pass later: 4xx, connection failures (ECONNREFUSED,
  // ETIMEDOUT, ESOCKET), and a refused sign-in (EAUTH), which a corrected secret fixes for every waiting message.
  const permanent =
    (code === 'EENVELOPE' || code === 'EMESSAGE') &&
    typeof responseCode === 'number' &&
    responseCode >= 500 &&
    responseCode < 600;
  const text = (response ?? message ?? String(error)).replace(/\s+/g, ' ').trim();
  return new SendError([code, text].filter(Boolean).join(': ').slice(0, 500), permanent);
}

/** Sends one message (its text and HTML parts) and answers the server's message id; throws a SendError. */
export async function sendMessage(message: Pick<MailDocument, 'to' | 'message'>): Promise<string> {
  const user = SMTP_USER.value();
  const transport = nodemailer.createTransport({
    host: SMTP_HOST.value(),
    port: SMTP_PORT.value(),
    secure: SMTP_SECURE.value(),
    ...(user ? { auth: { user, pass: SMTP_PASSWORD.value() } } : {}),
    ...TIMEOUTS,
  });
  try {
    const info = await transport.sendMail({
      from: MAIL_FROM.value(),
      to: message.to,
      subject: message.message.subject,
      text: message.message.text,
      html: message.message.html,
    });
    return info.messageId;
  } catch (error) {
    throw describe(error);
  } finally {
    transport.close();
  }
}
