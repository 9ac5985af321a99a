// Sample content shared by the UI components pages: a study team's people and their avatars' colours, dates in the
// interface language.
import type { CSSProperties } from 'react';
import type { GlobalToken } from 'antd';
import { localeOf } from '../../ui/format';

/** The dictionary keys of the sample study team's names, in the order the pages show them. */
export const TEAM = [
  'showcaseComponents.people.marie',
  'showcaseComponents.people.jean',
  'showcaseComponents.people.amina',
  'showcaseComponents.people.li',
  'showcaseComponents.people.sofia',
  'showcaseComponents.people.omar',
] as const;

/** A person's initials, as an avatar without a picture shows them: first and last word of the name. */
export function initialsOf(name: string): string {
  const words = name.split(/[\s-]+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/** A calendar day in the interface language (`day` as YYYY-MM-DD, read at noon so no time zone moves it). */
export function formatDay(day: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium' }).format(new Date(`${day}T12:00:00`));
}

/**
 * Avatar colours that tell people apart: a light tint under its darkest text shade, which keeps the initials readable
 * in the light theme and turns into a dark tint under a light shade in the dark one.
 */
export function avatarColours(token: GlobalToken): CSSProperties[] {
  return [
    { backgroundColor: token.colorPrimaryBg, color: token.colorPrimaryTextActive },
    { backgroundColor: token.colorSuccessBg, color: token.colorSuccessTextActive },
    { backgroundColor: token.colorWarningBg, color: token.colorWarningTextActive },
    { backgroundColor: token.colorErrorBg, color: token.colorErrorTextActive },
  ];
}
