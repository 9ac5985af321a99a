// Every dialog's keyboard defaults: focus starts on its first field (else its primary button), Enter in a text field
// presses the primary button. `Dialog` is antd's Modal with them; ESLint refuses antd's Modal anywhere else.
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
// eslint-disable-next-line no-restricted-imports -- the one place antd's Modal is used, with the defaults below.
import { Modal, type ModalFuncProps, type ModalProps } from 'antd';

/** What a person can type or choose in; the first one shown in the body takes the focus when a dialog opens. */
const FIELD =
  'input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), select:not([disabled]), ' +
  '[contenteditable="true"], [role="slider"]';
/** Inputs in which Enter means "done" (not a list's choice, a new line or a toggle). */
const TEXT_TYPES = new Set(['text', 'search', 'email', 'tel', 'url', 'password', 'number']);

const primaryButton = (box: HTMLElement) =>
  box.querySelector<HTMLButtonElement>('.ant-modal-footer .ant-btn-primary:not([disabled])');

/** Shown on screen (an upload's file input is not); without layout (jsdom), not inside a hidden element. */
const shown = (element: HTMLElement) =>
  typeof element.checkVisibility === 'function' ? element.checkVisibility() : !element.closest('[hidden]');

/** Moves the focus from the close button antd starts on to the first field, else to the primary button. */
function focusFirst(box: HTMLElement | null): void {
  if (!box) return;
  const body = box.querySelector('.ant-modal-body');
  const field = Array.from(body?.querySelectorAll<HTMLElement>(FIELD) ?? []).find(shown);
  (field ?? primaryButton(box))?.focus();
}

/** Enter in a text field of the dialog (not while composing) presses its primary button, as a form's submit would. */
function enterPressesPrimary(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'Enter' || event.defaultPrevented || event.nativeEvent.isComposing) return;
  const target = event.target;
  if (!(target instanceof HTMLInputElement) || !TEXT_TYPES.has(target.type)) return;
  // A select's search box: Enter picks the highlighted option.
  if (target.getAttribute('role') === 'combobox') return;
  const button = primaryButton(event.currentTarget);
  if (!button) return;
  // Instead of the browser's own submission of a one-field form, which would submit it a second time.
  event.preventDefault();
  button.click();
}

/**
 * The keyboard defaults as Modal props, for a dialog antd builds itself (the picture's crop dialog takes them as
 * `modalProps`); `afterOpenChange` is called after the focus has moved.
 */
export function useDialogKeys(afterOpenChange?: (open: boolean) => void) {
  const box = useRef<HTMLDivElement>(null);
  return {
    modalRender: (node: ReactNode) => (
      <div ref={box} onKeyDown={enterPressesPrimary}>
        {node}
      </div>
    ),
    afterOpenChange: (open: boolean) => {
      afterOpenChange?.(open);
      if (open) focusFirst(box.current);
    },
  } satisfies Pick<ModalProps, 'modalRender' | 'afterOpenChange'>;
}

/** antd's Modal with the keyboard defaults (see above). */
export function Dialog({ afterOpenChange, ...props }: Omit<ModalProps, 'modalRender'>) {
  return <Modal {...props} {...useDialogKeys(afterOpenChange)} />;
}

/**
 * A confirmation whose action cannot be taken back (delete, leave without saving, approve anyway): its button in
 * danger colours, the focus on Cancel, so an Enter pressed out of habit changes nothing (the dialog pattern of
 * WAI-ARIA's practices: the least destructive action first).
 */
export const RISKY_CONFIRM = {
  autoFocusButton: 'cancel',
  okButtonProps: { danger: true },
} as const satisfies ModalFuncProps;
