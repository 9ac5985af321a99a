// Demo files for a local stack: study protocols, consent forms and an ethics approval as small real PDFs, and
// generated PNG pictures, uploaded as the browser does and attached through the callables.
import { deflateSync, crc32 } from 'node:zlib';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { DocumentCategory, Study } from '@trialdesk/shared';
import { mapLimit, type Client } from './client.js';

interface PdfSection {
  heading: string;
  lines: string[];
}

// Helvetica (a standard PDF font) encodes WinAnsi only: French accents are in it, a few typographic signs are not.
const winAnsi = (text: string) =>
  text
    .replace(/[≥]/g, '>=')
    .replace(/[≤]/g, '<=')
    .replace(/[’]/g, "'")
    .replace(/[^\x20-\x7e\xa0-\xff–—•€]/g, '');

/** Splits `text` into lines no wider than `width` points. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of winAnsi(text).split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** A letter-size PDF: a title block, then headed sections, flowing onto new pages. */
async function makePdf(title: string, subtitle: string, sections: PdfSection[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(winAnsi(title));
  pdf.setAuthor('TrialDesk demo data');
  pdf.setCreationDate(new Date('2026-01-15T12:00:00Z'));
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const margin = 64;
  const width = 612 - 2 * margin;
  let page: PDFPage = pdf.addPage([612, 792]);
  let y = 792 - margin;
  const write = (text: string, font: PDFFont, size: number, gap = 4) => {
    for (const line of wrap(text, font, size, width)) {
      if (y < margin + size) {
        page = pdf.addPage([612, 792]);
        y = 792 - margin;
      }
      page.drawText(line, { x: margin, y: y - size, size, font, color: rgb(0.12, 0.14, 0.2) });
      y -= size + gap;
    }
  };
  write(title, bold, 16, 6);
  write(subtitle, regular, 10, 14);
  for (const section of sections) {
    y -= 6;
    write(section.heading, bold, 12, 6);
    for (const line of section.lines) write(line, regular, 10);
  }
  return pdf.save();
}

const criteria = (text: string) =>
  text
    .split('\n')
    .map((line) => line.replace(/^[-•*]\s*/, '').trim())
    .filter(Boolean)
    .map((line) => `• ${line}`);

function protocol(study: Study, version: number): Promise<Uint8Array> {
  return makePdf(study.title, `Study protocol, version ${version}.0 (${study.startDate ?? 'date to be set'})`, [
    { heading: '1. Synopsis', lines: [study.summary || 'Summary to be completed.'] },
    {
      heading: '2. Objectives',
      lines: [
        'Primary: to compare the intervention with usual care on the primary outcome described in the synopsis.',
        'Secondary: safety, adherence, quality of life (EQ-5D-5L) and health care use over the follow-up period.',
      ],
    },
    { heading: '3. Inclusion criteria', lines: criteria(study.inclusionCriteria) },
    { heading: '4. Exclusion criteria', lines: criteria(study.exclusionCriteria) },
    {
      heading: '5. Schedule of assessments',
      lines: [
        'Screening (day -14 to 0): eligibility, consent, medical history, baseline measures.',
        'Randomisation (day 0), then visits at weeks 4, 12 and 26; telephone follow-up at week 52.',
      ],
    },
    {
      heading: '6. Safety reporting',
      lines: [
        'Serious adverse events are reported to the sponsor within 24 hours and to the research ethics board as its rules require.',
      ],
    },
    ...(version > 1
      ? [{ heading: 'Amendment', lines: [`Version ${version}.0 clarifies the visit windows (plus or minus 7 days).`] }]
      : []),
  ]);
}

function consentForm(study: Study, french: boolean): Promise<Uint8Array> {
  if (french) {
    return makePdf(study.title, 'Formulaire d’information et de consentement, version 1.0', [
      {
        heading: 'Introduction',
        lines: [
          'Nous vous invitons à participer à un projet de recherche. Prenez le temps de lire ce formulaire et de poser vos questions avant de décider.',
        ],
      },
      { heading: 'Nature et objectifs du projet', lines: [study.summary || 'À compléter.'] },
      {
        heading: 'Déroulement',
        lines: ['Votre participation comprend quatre visites sur 26 semaines et un appel téléphonique à 52 semaines.'],
      },
      {
        heading: 'Risques et inconvénients',
        lines: ['Les tests peuvent causer de la fatigue ou un inconfort passager. Aucun autre risque connu.'],
      },
      {
        heading: 'Confidentialité',
        lines: [
          'Vos renseignements sont identifiés par un code. Seule l’équipe de recherche a accès à la clé du code.',
        ],
      },
      {
        heading: 'Participation volontaire',
        lines: ['Vous êtes libre de refuser ou de vous retirer en tout temps, sans conséquence sur vos soins.'],
      },
      { heading: 'Signatures', lines: ['Nom du participant : ____________________   Date : ____________'] },
    ]);
  }
  return makePdf(study.title, 'Information and consent form, version 1.0', [
    {
      heading: 'Introduction',
      lines: [
        'You are invited to take part in a research study. Please take the time to read this form and ask any questions before you decide.',
      ],
    },
    { heading: 'Purpose of the study', lines: [study.summary || 'To be completed.'] },
    {
      heading: 'What participation involves',
      lines: ['Four study visits over 26 weeks and one telephone call at 52 weeks.'],
    },
    {
      heading: 'Risks and discomforts',
      lines: ['Study tests may cause tiredness or brief discomfort. There are no other known risks.'],
    },
    {
      heading: 'Confidentiality',
      lines: ['Your information is identified by a code. Only the research team holds the key to the code.'],
    },
    {
      heading: 'Voluntary participation',
      lines: ['You may refuse or withdraw at any time without any effect on your care.'],
    },
    { heading: 'Signatures', lines: ['Participant name: ____________________   Date: ____________'] },
  ]);
}

function ethicsApproval(study: Study): Promise<Uint8Array> {
  return makePdf('Research Ethics Board: approval letter', `Project: ${study.title}`, [
    {
      heading: 'Decision',
      lines: [
        'The Research Ethics Board reviewed the protocol (version 1.0), the information and consent forms (English and French, version 1.0) and the recruitment material, and approves the project for one year.',
      ],
    },
    {
      heading: 'Conditions',
      lines: [
        'Submit amendments before implementing them, report serious adverse events as required, and apply for renewal 30 days before the expiry of this approval.',
      ],
    },
  ]);
}

function triageProcedure(): Promise<Uint8Array> {
  return makePdf('Standard operating procedure: referral triage', 'Clinical research unit, version 2.1', [
    {
      heading: 'Purpose',
      lines: ['How coordinators review new referrals against a study’s eligibility criteria within two working days.'],
    },
    {
      heading: 'Procedure',
      lines: [
        '1. Open the pending references, oldest first.',
        '2. Check each inclusion and exclusion criterion; note what is unknown.',
        '3. Accept, reject with a reason, or mark as a duplicate of an earlier referral.',
        '4. Tell the referring clinician of the decision.',
      ],
    },
  ]);
}

/** A 256 x 256 PNG: a two-colour diagonal gradient with a lighter disc, as a stand-in portrait. */
export function demoPicture(from: [number, number, number], to: [number, number, number]): Uint8Array {
  const size = 256;
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    const row = y * (1 + size * 3);
    rows[row] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const t = (x + y) / (2 * size);
      const inDisc = (x - 128) ** 2 + (y - 110) ** 2 < 60 ** 2 || (x - 128) ** 2 + (y - 290) ** 2 < 110 ** 2;
      for (let c = 0; c < 3; c++) {
        const base = from[c] + (to[c] - from[c]) * t;
        rows[row + 1 + x * 3 + c] = Math.round(inDisc ? base + (255 - base) * 0.55 : base);
      }
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface DemoFile {
  studyId: string | null;
  name: string;
  category: DocumentCategory;
  /** Each version's bytes, oldest first. */
  versions: (() => Promise<Uint8Array>)[];
}

/** The demo documents: for the first recruiting studies, their protocol (two versions), consent forms, approval. */
function demoFiles(studies: Study[]): DemoFile[] {
  const files: DemoFile[] = [
    { studyId: null, name: 'SOP referral triage', category: 'Other', versions: [triageProcedure] },
  ];
  for (const study of studies.filter((s) => s.status === 'Recruiting').slice(0, 3)) {
    files.push(
      {
        studyId: study.id,
        name: 'Protocol',
        category: 'Protocol',
        versions: [() => protocol(study, 1), () => protocol(study, 2)],
      },
      {
        studyId: study.id,
        name: 'Consent form (EN)',
        category: 'ConsentForm',
        versions: [() => consentForm(study, false)],
      },
      {
        studyId: study.id,
        name: 'Formulaire de consentement (FR)',
        category: 'ConsentForm',
        versions: [() => consentForm(study, true)],
      },
      { studyId: study.id, name: 'REB approval', category: 'EthicsApproval', versions: [() => ethicsApproval(study)] },
    );
  }
  return files;
}

/** Uploads and attaches the demo documents, later versions after the first, as the signed-in Admin. */
export async function seedDocuments(admin: Client, studies: Study[]): Promise<number> {
  const files = demoFiles(studies);
  // A few files at once: each waits mostly on its uploads and calls.
  await mapLimit(files, 4, async (file) => {
    const [first, ...later] = file.versions;
    let doc = await admin.call('documents-create', {
      uploadPath: await admin.upload(await first(), 'application/pdf', 'pdf'),
      studyId: file.studyId,
      name: file.name,
      category: file.category,
    });
    for (const next of later) {
      const uploadPath = await admin.upload(await next(), 'application/pdf', 'pdf');
      doc = await admin.call('documents-addVersion', { id: doc.id, version: doc.version, uploadPath });
    }
  });
  return files.length;
}

const PICTURES: Record<string, [[number, number, number], [number, number, number]]> = {
  'admin@trialdesk.test': [
    [62, 94, 255],
    [20, 184, 166],
  ],
  'editor@trialdesk.test': [
    [234, 88, 12],
    [190, 24, 93],
  ],
};

/** Pictures for two demo accounts, set by the Admin through `users-setPicture`. */
export async function seedPictures(admin: Client): Promise<number> {
  const { items } = await admin.call('users-list', { page: 1, pageSize: 100 });
  let count = 0;
  for (const user of items) {
    const colours = PICTURES[user.email];
    if (!colours || user.picture) continue;
    const uploadPath = await admin.upload(demoPicture(...colours), 'image/png', 'png');
    await admin.call('users-setPicture', { id: user.id, version: user.version, uploadPath });
    count++;
  }
  return count;
}
