/** A membership card with a star and a ribbon, in the brand's accent: decorative, the heading says what it is. */
export function MembershipIllustration() {
  return (
    <span className="membership-illustration">
      <svg viewBox="0 0 160 120" width="100%" height="100%" fill="none" focusable="false" aria-hidden="true">
        <ellipse cx="80" cy="106" rx="56" ry="7" fill="currentColor" opacity="0.08" />
        <circle cx="80" cy="56" r="48" fill="currentColor" opacity="0.07" />
        <g stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
          <rect x="34" y="30" width="92" height="58" rx="10" fill="var(--color-surface)" />
          <path d="M34 46h92" />
          <path d="M46 72h30M46 79h18" />
          <path d="M104 60l3.5 7 7.5 1-5.5 5.3 1.3 7.7-6.8-3.6-6.8 3.6 1.3-7.7-5.5-5.3 7.5-1z" fill="currentColor" fillOpacity="0.18" />
          <path d="M112 24v16l6-4 6 4V24" fill="var(--color-surface)" />
        </g>
      </svg>
    </span>
  );
}
