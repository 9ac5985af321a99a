// The e-mail TrialDesk writes, in English and French: each kind's subject, paragraphs and link, rendered as plain
// text and as escaped HTML (docs/mail.md, "What is written").
import { VALUE_LABELS, type ExportLanguage, type MailKind, type ReferralStatus, type Role } from '@trialdesk/shared';

/** What each kind's message says: only masked patient identifiers, never a raw one. */
export interface MailParams {
  /** A referrer's new referral, to the study's contact and its followers. */
  referralReceived: {
    referenceId: string;
    studyTitle: string;
    patientIdMasked: string;
    referrerName: string;
    organisation: string;
  };
  /** A decision on a referral, to its referrer, with the coordinator's message as written ('' when none). */
  referralDecided: { studyTitle: string; patientIdMasked: string; status: ReferralStatus; message: string };
  /** Someone asked for access, to each approved Admin. */
  accessRequested: { name: string; email: string; role: Role; organisation: string };
  /** The person's access was approved with this role. */
  accessApproved: { role: Role };
  /** The person's access was revoked. */
  accessRevoked: { role: Role };
}

/** A message rendered in one language. */
export interface Rendered {
  subject: string;
  text: string;
  html: string;
}

/** A kind's words in one language: subject, paragraphs (plain text; a paragraph may hold line breaks), action. */
interface Words<P> {
  subject: (p: P) => string;
  paragraphs: (p: P) => string[];
  /** What the link's text says. */
  action: (p: P) => string;
}
type Templates = { [K in MailKind]: Record<ExportLanguage, Words<MailParams[K]>> };

/** The screen each message links to (a path of the app; docs/mail.md). */
export const MAIL_PATHS: { [K in MailKind]: (p: MailParams[K]) => string } = {
  referralReceived: (p) => `/app/references/${encodeURIComponent(p.referenceId)}`,
  referralDecided: () => '/refer/referrals',
  accessRequested: () => '/app/users?approval=pending',
  // A referrer works in the portal, staff in the back office.
  accessApproved: (p) => (p.role === 'User' ? '/refer' : '/app'),
  accessRevoked: (p) => (p.role === 'User' ? '/refer/login' : '/auth/login'),
};

const STATUS_EN: Record<ReferralStatus, string> = {
  received: 'has been received and is waiting for a decision',
  accepted: 'has been accepted by the study team',
  notEligible: 'is not eligible for this study',
  alreadyReferred: 'had already been referred to this study',
};
const STATUS_FR: Record<ReferralStatus, string> = {
  received: 'a été reçue et attend une décision',
  accepted: 'a été acceptée par l’équipe de l’étude',
  notEligible: 'n’est pas admissible à cette étude',
  alreadyReferred: 'avait déjà été adressée à cette étude',
};

/** Who a referrer is, as the study team reads it: "Dr Roy (Clinique du Parc)". */
const referrer = (p: { referrerName: string; organisation: string }) =>
  p.organisation ? `${p.referrerName} (${p.organisation})` : p.referrerName;

/** French "de" before a name: elided before a vowel ("d’Anne Roy", "de Paul Roy"). */
const of = (name: string) => (/^[aeiouyàâäéèêëîïôöûüÿ]/i.test(name) ? `d’${name}` : `de ${name}`);

/** What a role grants, in a sentence. */
const GRANT_EN: Record<Role, string> = {
  User: 'refer patients to recruiting studies through the TrialDesk referral portal',
  Editor: 'work in the TrialDesk back office as an Editor',
  Admin: 'work in the TrialDesk back office as an Administrator',
};
const GRANT_FR: Record<Role, string> = {
  User: 'adresser des patients aux études qui recrutent par le portail de référence de TrialDesk',
  Editor: 'travailler dans TrialDesk en tant qu’éditeur',
  Admin: 'travailler dans TrialDesk en tant qu’administrateur',
};
const ASKED_EN: Record<Role, string> = {
  User: 'as a referring clinician',
  Editor: `as an ${VALUE_LABELS.en.role.Editor}`,
  Admin: `as an ${VALUE_LABELS.en.role.Admin}`,
};
const ASKED_FR: Record<Role, string> = {
  User: 'en tant que clinicien référent',
  Editor: `en tant qu’${VALUE_LABELS.fr.role.Editor.toLowerCase()}`,
  Admin: `en tant qu’${VALUE_LABELS.fr.role.Admin.toLowerCase()}`,
};

const TEMPLATES: Templates = {
  referralReceived: {
    en: {
      subject: (p) => `New referral to ${p.studyTitle}: patient ${p.patientIdMasked}`,
      paragraphs: (p) => [
        `${referrer(p)} referred patient ${p.patientIdMasked} to the study “${p.studyTitle}” through the TrialDesk referral portal.`,
        'Their checklist, note and phone number are on the referral’s screen, where it can be triaged.',
      ],
      action: () => 'Open the referral',
    },
    fr: {
      subject: (p) => `Nouvelle référence à l’étude «\u00a0${p.studyTitle}\u00a0»\u00a0: patient ${p.patientIdMasked}`,
      paragraphs: (p) => [
        `${referrer(p)} a adressé le patient ${p.patientIdMasked} à l’étude «\u00a0${p.studyTitle}\u00a0» par le portail de référence de TrialDesk.`,
        'Sa liste de critères, sa note et son numéro de téléphone sont sur l’écran de la référence, où elle peut être triée.',
      ],
      action: () => 'Ouvrir la référence',
    },
  },
  referralDecided: {
    en: {
      subject: (p) => `Your referral of patient ${p.patientIdMasked} to ${p.studyTitle}`,
      paragraphs: (p) => [
        `Your referral of patient ${p.patientIdMasked} to the study “${p.studyTitle}” ${STATUS_EN[p.status]}.`,
        ...(p.message ? [`The study team’s message:\n${p.message}`] : []),
      ],
      action: () => 'See my referrals',
    },
    fr: {
      subject: (p) => `Votre référence du patient ${p.patientIdMasked} à l’étude «\u00a0${p.studyTitle}\u00a0»`,
      paragraphs: (p) => [
        `Votre référence du patient ${p.patientIdMasked} à l’étude «\u00a0${p.studyTitle}\u00a0» ${STATUS_FR[p.status]}.`,
        ...(p.message ? [`Le message de l’équipe de l’étude\u00a0:\n${p.message}`] : []),
      ],
      action: () => 'Voir mes références',
    },
  },
  accessRequested: {
    en: {
      subject: (p) => `Access request from ${p.name || p.email}`,
      paragraphs: (p) => [
        `${p.name ? `${p.name} (${p.email})` : p.email} asked for access to TrialDesk ${ASKED_EN[p.role]}${p.organisation ? `, from ${p.organisation}` : ''}.`,
        'The request waits on the users list for an Admin to approve it.',
      ],
      action: () => 'Review pending requests',
    },
    fr: {
      subject: (p) => `Demande d’accès ${of(p.name || p.email)}`,
      paragraphs: (p) => [
        `${p.name ? `${p.name} (${p.email})` : p.email} a demandé l’accès à TrialDesk ${ASKED_FR[p.role]}${p.organisation ? ` (organisation\u00a0: ${p.organisation})` : ''}.`,
        'La demande attend sur la liste des utilisateurs qu’un administrateur l’approuve.',
      ],
      action: () => 'Voir les demandes en attente',
    },
  },
  accessApproved: {
    en: {
      subject: () => 'Your TrialDesk access is approved',
      paragraphs: (p) => [`Your access was approved: you can now ${GRANT_EN[p.role]}.`],
      action: () => 'Open TrialDesk',
    },
    fr: {
      subject: () => 'Votre accès à TrialDesk est approuvé',
      paragraphs: (p) => [`Votre accès a été approuvé\u00a0: vous pouvez maintenant ${GRANT_FR[p.role]}.`],
      action: () => 'Ouvrir TrialDesk',
    },
  },
  accessRevoked: {
    en: {
      subject: () => 'Your TrialDesk access was revoked',
      paragraphs: () => [
        'An Administrator revoked your access to TrialDesk: your sessions have ended.',
        'If you think this is a mistake, contact the study team’s TrialDesk administrator.',
      ],
      action: () => 'TrialDesk sign-in',
    },
    fr: {
      subject: () => 'Votre accès à TrialDesk a été révoqué',
      paragraphs: () => [
        'Un administrateur a révoqué votre accès à TrialDesk\u00a0: vos sessions ont pris fin.',
        'Si vous pensez qu’il s’agit d’une erreur, contactez l’administrateur TrialDesk de l’équipe de l’étude.',
      ],
      action: () => 'Connexion à TrialDesk',
    },
  },
};

/** Text for HTML: the five characters that could open markup or leave an attribute. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const paragraphHtml = (paragraph: string) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>\n')}</p>`;

/** One language's body: the paragraphs, then the action and its link. */
function body<K extends MailKind>(kind: K, language: ExportLanguage, params: MailParams[K], link: string) {
  const words = TEMPLATES[kind][language] as Words<MailParams[K]>;
  const paragraphs = words.paragraphs(params);
  const action = words.action(params);
  const separator = language === 'fr' ? '\u00a0: ' : ': ';
  return {
    subject: words.subject(params),
    text: [...paragraphs, `${action}${separator}${link}`].join('\n\n'),
    html: [
      `<div lang="${language}">`,
      ...paragraphs.map(paragraphHtml),
      `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
      '</div>',
    ].join('\n'),
  };
}

const page = (language: string, subject: string, content: string) =>
  [
    '<!doctype html>',
    `<html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="font-family: sans-serif; line-height: 1.5; max-width: 40em">`,
    content,
    '</body></html>',
  ].join('\n');

/**
 * The message of `kind` for one recipient: in `language`, or, for a recipient whose language TrialDesk does not
 * know (a study contact: `null`), in English then French in one message.
 */
export function renderMail<K extends MailKind>(
  kind: K,
  language: ExportLanguage | null,
  params: MailParams[K],
  link: string,
): Rendered {
  if (language !== null) {
    const one = body(kind, language, params, link);
    return { subject: one.subject, text: one.text, html: page(language, one.subject, one.html) };
  }
  const [en, fr] = [body(kind, 'en', params, link), body(kind, 'fr', params, link)];
  const subject = `${en.subject} / ${fr.subject}`;
  return {
    subject,
    text: `${en.text}\n\n-----\n\n${fr.text}`,
    html: page('en', subject, `${en.html}\n<hr>\n${fr.html}`),
  };
}
