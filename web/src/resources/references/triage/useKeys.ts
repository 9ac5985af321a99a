// Single-key shortcuts of the triage screen, ignored while the person types in a text field or a dialog is open.
import { useEffect, useRef } from 'react';

/** Inputs that take no typed text: a key pressed on them is a shortcut. */
const NOT_TEXT = new Set(['button', 'checkbox', 'radio', 'range', 'color', 'file', 'submit', 'reset', 'image']);

/** Is the key meant for the element: a text field, a select's search, or anything inside a dialog? */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.closest('[role="dialog"]')) return true;
  if (target instanceof HTMLInputElement) return !NOT_TEXT.has(target.type);
  return target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

/**
 * Calls `handlers[key]` (lower-case letters, or `?`) for a key pressed without Ctrl, Alt or Meta outside text
 * fields and dialogs, while `enabled`.
 */
export function useKeys(handlers: Record<string, () => void>, enabled: boolean): void {
  // The latest handlers, without listening again on every render.
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || event.ctrlKey || event.altKey || event.metaKey) return;
      if (typingIn(event.target)) return;
      const handler = latest.current[event.key.length === 1 ? event.key.toLowerCase() : ''];
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
