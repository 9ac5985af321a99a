// The library's uploads: each file goes to Storage with its progress and Cancel in the queue, then the callable
// records it as a new document or a new version.
import { useState } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS, type DocumentCategory, type StudyDocument } from '@trialdesk/shared';
import { isCancelled, startUpload, type UploadHandle } from '../../core/api/uploads';
import { documentApi, useAddDocumentVersionMutation } from './api';
import { baseName, failureText, MAX_MB } from './files';

/** A file on its way to Storage. */
export interface Transfer {
  key: string;
  name: string;
  fraction: number;
  handle: UploadHandle;
}

/** The transfers under way, and the ways to add a file to a folder (`studyId`, or General) or a version to a document. */
export function useUploads(studyId: string | null, category: DocumentCategory) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [transfers, setTransfers] = useState<Transfer[]>([]);
  const [create] = documentApi.useCreate();
  const [addVersion] = useAddDocumentVersionMutation();

  /** Uploads one file, then runs `attach` with its path; progress and cancel in the queue meanwhile. */
  const transfer = (file: File, attach: (uploadPath: string) => Promise<string>) => {
    if (file.size > LIMITS.uploadMaxBytes) {
      void message.error(
        t('documents.uploadFailed', { name: file.name, reason: t('documents.tooLarge', { max: MAX_MB }) }),
      );
      return;
    }
    const key = crypto.randomUUID();
    const progress = (fraction: number) =>
      setTransfers((all) => all.map((x) => (x.key === key ? { ...x, fraction } : x)));
    const handle = startUpload(file, file.name, progress);
    setTransfers((all) => [...all, { key, name: file.name, fraction: 0, handle }]);
    handle.done
      .then(attach)
      .then((text) => void message.success(text))
      .catch((error: unknown) => {
        if (isCancelled(error)) void message.info(t('documents.uploadCancelled', { name: file.name }));
        else void message.error(t('documents.uploadFailed', { name: file.name, reason: failureText(t, error) }));
      })
      .finally(() => setTransfers((all) => all.filter((x) => x.key !== key)));
  };

  const addFile = (file: File) =>
    transfer(file, async (uploadPath) => {
      const doc = await create({ uploadPath, studyId, name: baseName(file.name), category });
      return t('documents.uploaded', { name: doc.name });
    });

  const addVersionFile = (doc: StudyDocument, file: File) =>
    transfer(file, async (uploadPath) => {
      const next = await addVersion({ id: doc.id, version: doc.version, uploadPath }).unwrap();
      return t('documents.versionUploaded', { number: next.current.number, name: next.name });
    });

  return { transfers, addFile, addVersionFile };
}
