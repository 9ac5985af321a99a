// A router link styled as a button: one anchor that navigates in the app and keeps ctrl/middle clicks.
import type { MouseEvent } from 'react';
import { Button, type ButtonProps } from 'antd';
import { useHref, useLinkClickHandler } from 'react-router';

/**
 * A router link that looks like a button: one `<a href>` (a button inside a link would nest two controls), which
 * navigates in the app on a plain click and keeps the browser's behaviour for ctrl/middle clicks.
 */
export function LinkButton({
  to,
  state,
  ...props
}: Omit<ButtonProps, 'href' | 'onClick'> & {
  to: string;
  /** The history state of the entry it opens (a list's address, for the way back to it). */
  state?: unknown;
}) {
  const href = useHref(to);
  const handleClick = useLinkClickHandler<HTMLAnchorElement>(to, { state });
  return (
    <Button
      {...props}
      href={href}
      onClick={(event: MouseEvent<HTMLElement>) => handleClick(event as MouseEvent<HTMLAnchorElement>)}
    />
  );
}
