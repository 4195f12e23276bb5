import type { ReactNode } from 'react';
import './layout.css';

/** The app column: full width on phones, 480px centred above (spec: app-core §9 App width max 480px). */
export function AppLayout({ header, children }: { header?: ReactNode; children: ReactNode }) {
  return (
    <div className="app-layout">
      {header}
      <main id="main" className="app-main">{children}</main>
    </div>
  );
}
