// What a file is, from its bytes: the accepted document types recognised by their signatures, never by the name or
// the type the browser declared (those only tell CSV from plain text). See docs/security.md, "Files".
import type { DocumentType } from '@trialdesk/shared';

const startsWith = (bytes: Buffer, signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** An Office Open XML file: a ZIP archive holding the part that names its kind. */
function officeKind(bytes: Buffer): DocumentType | null {
  if (!startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return null;
  if (bytes.includes('word/document.xml')) {
    return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  }
  if (bytes.includes('xl/workbook.xml')) return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  return null;
}

/** Text: valid UTF-8 without NUL bytes (binary files nearly always hold one early). */
function isText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The accepted type the bytes are, or null when they are none of them. */
export function detectType(bytes: Buffer, declared: string | undefined, fileName: string): DocumentType | null {
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  const office = officeKind(bytes);
  if (office) return office;
  if (isText(bytes)) return declared === 'text/csv' || /\.csv$/i.test(fileName) ? 'text/csv' : 'text/plain';
  return null;
}
