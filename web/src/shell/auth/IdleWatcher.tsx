// The idle timeout of the signed-in shell: input resets it in every tab, a warning with a countdown comes first.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../core/store';
import {
  ACTIVITY_STORAGE_KEY,
  ACTIVITY_THROTTLE_MS,
  idleTimeoutMs,
  parseActivity,
  readLastActivity,
  recordActivity,
  warningLeadMs,
} from '../../core/auth/idle';
import { endSession } from '../../core/auth/session';
import { Dialog } from '../../ui/Dialog';

/** What counts as the person being there. */
const INPUT_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;
const TICK_MS = 1_000;

/**
 * Every tab runs the same clock: the deadline is the shared last input plus the timeout, so the warning opens and
 * the session ends in all of them together; "Stay signed in" in one tab is input that the others hear of.
 */
export function IdleWatcher() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const timeout = useMemo(() => idleTimeoutMs(), []);
  const lead = warningLeadMs(timeout);
  const last = useRef(0);
  /** Milliseconds left while the warning shows; null otherwise. */
  const [left, setLeft] = useState<number | null>(null);

  useEffect(() => {
    last.current = readLastActivity() ?? recordActivity();
    let ended = false;
    const check = () => {
      if (ended) return;
      const remaining = last.current + timeout - Date.now();
      if (remaining <= 0) {
        ended = true;
        setLeft(null);
        endSession(dispatch, 'idle').catch((reason: unknown) => console.error('Sign-out failed', reason));
        return;
      }
      // Whole seconds, so the screen changes once a second at most.
      setLeft(remaining <= lead ? Math.ceil(remaining / TICK_MS) * TICK_MS : null);
    };
    const onInput = () => {
      const now = Date.now();
      // Once the warning shows, only its button (or another tab) keeps the session: a stray pointer move must
      // not close it before it is read.
      if (last.current + timeout - now <= lead || now - last.current < ACTIVITY_THROTTLE_MS) return;
      last.current = recordActivity(now);
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key !== ACTIVITY_STORAGE_KEY) return;
      const at = parseActivity(event.newValue);
      if (at !== null && at > last.current) {
        last.current = at;
        check();
      }
    };
    // Hidden tabs' timers are slowed down: a tab that shows again looks at the clock at once.
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    check();
    const timer = setInterval(check, TICK_MS);
    for (const name of INPUT_EVENTS) window.addEventListener(name, onInput, { capture: true, passive: true });
    window.addEventListener('storage', onStorage);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      ended = true;
      clearInterval(timer);
      for (const name of INPUT_EVENTS) window.removeEventListener(name, onInput, { capture: true });
      window.removeEventListener('storage', onStorage);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [dispatch, timeout, lead]);

  const stay = useCallback(() => {
    last.current = recordActivity();
    setLeft(null);
  }, []);

  return (
    <Dialog
      open={left !== null}
      title={t('idle.title')}
      closable={false}
      mask={{ closable: false }}
      onCancel={stay}
      footer={
        <Button type="primary" onClick={stay} data-testid="idle-stay">
          {t('idle.stay')}
        </Button>
      }
    >
      <Typography.Paragraph style={{ marginBottom: 0 }} data-testid="idle-warning">
        <span role="timer">{t('idle.countdown', { count: Math.ceil((left ?? 0) / TICK_MS) })}</span>
      </Typography.Paragraph>
    </Dialog>
  );
}
