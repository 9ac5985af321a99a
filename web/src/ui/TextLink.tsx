// A link inside a sentence: underlined, so it stands out from the words around it without relying on colour
// (the dark theme's link blue is too close to its text for colour alone: axe's link-in-text-block).
import { Link, type LinkProps } from 'react-router';

export function TextLink({ style, ...props }: LinkProps) {
  return <Link {...props} style={{ textDecoration: 'underline', textUnderlineOffset: 2, ...style }} />;
}
