// The SMTP server messages leave through: its settings as parameters and a secret, one send with nodemailer, and
// which failures are worth another attempt (docs/mail.md, "Sending").
import { defineBoolean, defineInt, defineSecret, defineString } from 'firebase-functions/params';
import nodemailer from 'nodemailer';
import { parameterOptions, type MailDocument } from '@trialdesk/shared';

// Declared once at load, so a deploy asks for those without a default (or reads them from functions/.env.<project>);
// the local stack writes its own values into its functions' configDir (docs/mail.md, "Configuration"). Their
// descriptions and defaults are the settings' declarations (shared/src/deployment.ts; docs/operations.md).
export const SMTP_HOST = defineString('SMTP_HOST', parameterOptions('SMTP_HOST'));
const port = parameterOptions('SMTP_PORT');
export const SMTP_PORT = defineInt('SMTP_PORT', { ...port, default: Number(port.default) });
const secure = parameterOptions('SMTP_SECURE');
export const SMTP_SECURE = defineBoolean('SMTP_SECURE', { ...secure, default: secure.default === 'true' });
export const SMTP_USER = defineString('SMTP_USER', parameterOptions('SMTP_USER'));
/** The SMTP account's password (Secret Manager; the local stack's comes from functions/.secret.local). */
export const SMTP_PASSWORD = defineSecret('SMTP_PASSWORD', {
  description: parameterOptions('SMTP_PASSWORD').description,
});
export const MAIL_FROM = defineString('MAIL_FROM', parameterOptions('MAIL_FROM'));

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
