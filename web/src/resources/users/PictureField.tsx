// A person's picture: choose an image, crop it square, resize it to 256 px in the browser, upload it into one's own
// folder and attach it (users-setPicture checks it again); or remove it. The top bar follows one's own picture.
import { useState } from 'react';
import { App, Avatar, Button, Flex, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import ImgCrop from 'antd-img-crop';
import { useTranslation } from 'react-i18next';
import { LIMITS, PICTURE_TYPES } from '@trialdesk/shared';
import { avatarChanged } from '../../core/auth/authSlice';
import type { CallError } from '../../core/api/callable';
import { startUpload } from '../../core/api/uploads';
import { useAppDispatch, useAppSelector } from '../../core/store';
import { useDialogKeys } from '../../ui/Dialog';
import { errorText } from '../../ui/errorText';
import { useSetPictureMutation } from './api';

/** The cropped image drawn at `size` x `size` pixels, as PNG. */
async function resized(file: Blob, size: number): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, size, size);
  bitmap.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be encoded'))),
      'image/png',
    ),
  );
}

export function PictureField({ user }: { user: { id: string; version: number; picture: string } }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const dispatch = useAppDispatch();
  const self = useAppSelector((state) => state.auth.user?.id) === user.id;
  const [setPicture] = useSetPictureMutation();
  const [busy, setBusy] = useState(false);
  // The crop dialog is antd's, built by ImgCrop: it takes every dialog's keyboard defaults through modalProps.
  const dialogKeys = useDialogKeys();

  const apply = async (make: () => Promise<string | null>) => {
    setBusy(true);
    try {
      const uploadPath = await make();
      const saved = await setPicture({ id: user.id, version: user.version, uploadPath }).unwrap();
      if (self) dispatch(avatarChanged(saved.picture || null));
      void message.success(t(uploadPath ? 'pictures.saved' : 'pictures.removed'));
    } catch (error) {
      const code = (error as { code?: string } | null)?.code ?? '';
      void message.error(code.startsWith('storage/') ? t('documents.storageFailed') : errorText(t, error as CallError));
    } finally {
      setBusy(false);
    }
  };

  const upload = (file: File) =>
    apply(async () => {
      const picture = await resized(file, LIMITS.pictureSize);
      return startUpload(new File([picture], 'picture.png', { type: 'image/png' }), 'picture.png', () => undefined)
        .done;
    });

  return (
    <Flex align="center" gap={16} wrap data-testid="picture-field">
      <Avatar size={64} src={user.picture || undefined} icon={<UserOutlined />} alt={t('pictures.alt')} />
      <ImgCrop
        aspect={1}
        rotationSlider
        modalTitle={t('pictures.crop')}
        modalOk={t('app.save')}
        modalCancel={t('app.cancel')}
        modalProps={dialogKeys}
      >
        <Upload
          accept={PICTURE_TYPES.join(',')}
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined aria-hidden />} loading={busy} data-testid="picture-choose">
            {t(user.picture ? 'pictures.change' : 'pictures.choose')}
          </Button>
        </Upload>
      </ImgCrop>
      {user.picture && (
        <Button icon={<DeleteOutlined aria-hidden />} disabled={busy} onClick={() => void apply(async () => null)}>
          {t('pictures.remove')}
        </Button>
      )}
    </Flex>
  );
}
