import type { ReactNode } from 'react';

/** Simple line drawings in the brand colour (currentColor); always decorative. */
function Drawing({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 120 120"
      width="100%"
      height="100%"
      fill="none"
      stroke="currentColor"
      strokeWidth="4"
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      aria-hidden="true"
    >
      <circle cx="60" cy="60" r="54" fill="currentColor" opacity="0.08" stroke="none" />
      {children}
    </svg>
  );
}

/** A map with a question mark: the page could not be found. */
export function LostIllustration() {
  return (
    <Drawing>
      <path d="M24 36l24-8 24 8 24-8v56l-24 8-24-8-24 8z" />
      <path d="M48 28v56M72 36v56" opacity="0.5" />
      <path d="M53 52a7 7 0 1 1 10 6c-2 1-3 3-3 5" />
      <circle cx="60" cy="71" r="1.5" fill="currentColor" />
    </Drawing>
  );
}

/** A broken link: something went wrong. */
export function BrokenIllustration() {
  return (
    <Drawing>
      <path d="M52 44l-8-8a14 14 0 0 0-20 20l8 8" />
      <path d="M68 76l8 8a14 14 0 0 0 20-20l-8-8" />
      <path d="M46 74l-6 6M74 46l6-6M60 34v-8M86 60h8M34 60h-8M60 86v8" />
    </Drawing>
  );
}

/** A clock: the request took too long. */
export function ClockIllustration() {
  return (
    <Drawing>
      <circle cx="60" cy="62" r="30" />
      <path d="M60 44v18l12 8M52 24h16M60 24v8" />
    </Drawing>
  );
}

/** A padlock: an action is locked for a while. */
export function LockIllustration() {
  return (
    <Drawing>
      <rect x="36" y="54" width="48" height="38" rx="6" />
      <path d="M44 54V42a16 16 0 0 1 32 0v12" />
      <path d="M60 68v10" />
    </Drawing>
  );
}

/** A wrench and screwdriver: the service is under maintenance. */
export function ToolsIllustration() {
  return (
    <Drawing>
      <path d="M74 30a14 14 0 0 0-16 18L32 74a6 6 0 0 0 8 8l26-26a14 14 0 0 0 18-16l-8 8-8-2-2-8z" />
      <path d="M66 70l16 16a5 5 0 0 0 7-7L73 63M34 34l12 12" />
    </Drawing>
  );
}

/** A shop sign reading closed: the merchant's web is not active. */
export function ClosedIllustration() {
  return (
    <Drawing>
      <path d="M60 26l-20 20M60 26l20 20" />
      <rect x="28" y="46" width="64" height="36" rx="6" />
      <path d="M44 64h32" />
    </Drawing>
  );
}
