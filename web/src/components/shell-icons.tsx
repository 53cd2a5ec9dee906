import type { ReactNode, SVGProps } from 'react';

// The app shell's few icons drawn inline (paths from lucide, ISC licence): the shell is in every
// page's initial JavaScript and lucide's runtime is not needed before a page that uses it loads.

type IconProps = SVGProps<SVGSVGElement>;

function ShellIcon({ children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    >
      {children}
    </svg>
  );
}

export const ScaleIcon = (props: IconProps) => (
  <ShellIcon {...props}>
    <path d="M12 3v18" />
    <path d="m19 8 3 8a5 5 0 0 1-6 0zV7" />
    <path d="M3 7h1a17 17 0 0 0 8-2 17 17 0 0 0 8 2h1" />
    <path d="m5 8 3 8a5 5 0 0 1-6 0zV7" />
    <path d="M7 21h10" />
  </ShellIcon>
);

export const MenuIcon = (props: IconProps) => (
  <ShellIcon {...props}>
    <path d="M4 5h16" />
    <path d="M4 12h16" />
    <path d="M4 19h16" />
  </ShellIcon>
);

export const CloseIcon = (props: IconProps) => (
  <ShellIcon {...props}>
    <path d="M18 6 6 18" />
    <path d="m6 6 12 12" />
  </ShellIcon>
);

export const ReloadIcon = (props: IconProps) => (
  <ShellIcon {...props}>
    <path d="M3 12a9 9 0 0 1 9-9 9.75 9.75 0 0 1 6.74 2.74L21 8" />
    <path d="M21 3v5h-5" />
    <path d="M21 12a9 9 0 0 1-9 9 9.75 9.75 0 0 1-6.74-2.74L3 16" />
    <path d="M8 16H3v5" />
  </ShellIcon>
);
