import type { SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement>;

/** The stroke icons' frame (24 × 24, currentColor); each icon is a module of its own, so a page ships only its own. */
export function Icon({ children, ...props }: IconProps) {
  return (
    <svg
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}
