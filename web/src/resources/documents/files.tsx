// How the library names a file: its type's icon, its name without the extension,
// the accepted types and size, and what a failed transfer or call says.
import {
  FileOutlined,
  FilePdfOutlined,
  FileImageOutlined,
  FileExcelOutlined,
  FileWordOutlined,
  FileTextOutlined,
} from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { DOCUMENT_MIME_TYPES, LIMITS, type DocumentType } from '@trialdesk/shared';
import type { CallError } from '../../core/api/callable';
import { errorText } from '../../ui/errorText';

export const MAX_MB = LIMITS.uploadMaxBytes / 1024 / 1024;
/** The file chooser offers the accepted types (the server checks the bytes whatever was chosen). */
export const ACCEPT = DOCUMENT_MIME_TYPES.join(',');

const ICONS: Partial<Record<DocumentType, typeof FileOutlined>> = {
  'application/pdf': FilePdfOutlined,
  'image/png': FileImageOutlined,
  'image/jpeg': FileImageOutlined,
  'image/webp': FileImageOutlined,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': FileWordOutlined,
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': FileExcelOutlined,
  'text/csv': FileExcelOutlined,
  'text/plain': FileTextOutlined,
};

export function FileIcon({ type, size = 16 }: { type: DocumentType; size?: number }) {
  const Icon = ICONS[type] ?? FileOutlined;
  return <Icon aria-hidden style={{ fontSize: size }} />;
}

/** A document's name without the extension the file had (the server adds the type's own on download). */
export const baseName = (fileName: string) =>
  fileName.replace(/\.[A-Za-z0-9]{1,8}$/, '').slice(0, LIMITS.documentNameMax) || fileName;

/** What a failed transfer or call says, in the interface language. */
export function failureText(t: TFunction, error: unknown): string {
  const code = (error as { code?: string } | null)?.code ?? '';
  if (code === 'storage/unauthorized' || code === 'storage/unauthenticated') return t('documents.storageDenied');
  if (code.startsWith('storage/')) return t('documents.storageFailed');
  return errorText(t, error as CallError);
}
