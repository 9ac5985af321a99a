// A hook warning before unsaved form changes are lost: on in-app navigation and on closing the tab.
import { useCallback, useEffect, useRef, useState } from 'react';
import { App } from 'antd';
import { useBlocker, type BlockerFunction } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RISKY_CONFIRM } from './Dialog';

/**
 * Warns before unsaved form changes are lost: in-app navigation asks for confirmation, closing or reloading the
 * tab triggers the browser's own prompt. `markDirty` on edit, `markClean` after save or reload.
 */
export function useUnsavedChanges() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [dirty, setDirty] = useState(false);
  // Read at navigation time, so a save that navigates right after markClean is not blocked.
  const dirtyRef = useRef(false);

  const markDirty = useCallback(() => {
    dirtyRef.current = true;
    setDirty(true);
  }, []);
  const markClean = useCallback(() => {
    dirtyRef.current = false;
    setDirty(false);
  }, []);

  const blocker = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) => dirtyRef.current && currentLocation.pathname !== nextLocation.pathname,
      [],
    ),
  );

  const blockerRef = useRef(blocker);
  blockerRef.current = blocker;
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const blocked = blockerRef.current;
    const dialog = modal.confirm({
      title: t('form.unsavedTitle'),
      content: t('form.unsavedContent'),
      okText: t('form.leave'),
      ...RISKY_CONFIRM,
      cancelText: t('form.stay'),
      onOk: () => {
        markClean();
        blocked.proceed?.();
      },
      onCancel: () => blocked.reset?.(),
    });
    return () => dialog.destroy();
  }, [blocker.state, modal, t, markClean]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show their prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return { dirty, markDirty, markClean };
}
