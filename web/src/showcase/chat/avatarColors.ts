// Each colleague's avatar colours: a preset hue of the antd palette, light on dark or dark on light with the theme.
import type { GlobalToken } from 'antd';
import { COLLEAGUES } from './sample';

const HUES = ['blue', 'purple', 'cyan', 'green', 'magenta', 'orange', 'geekblue', 'volcano'] as const;

/** A colleague's avatar background and text colour, from the theme's palettes (the dark theme's are dark-adjusted). */
export function avatarColors(id: string, token: GlobalToken): { background: string; color: string } {
  const hue =
    HUES[
      Math.max(
        0,
        COLLEAGUES.findIndex((colleague) => colleague.id === id),
      ) % HUES.length
    ];
  // Shade 9 on shade 2: AA contrast for every hue in both themes (shade 8 falls short on some).
  return { background: token[`${hue}2`], color: token[`${hue}9`] };
}
