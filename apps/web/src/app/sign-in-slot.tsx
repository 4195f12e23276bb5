import { SignInPanel } from '../features/auth/components/sign-in-panel.tsx';
import { QueryLayout } from './query-layout.tsx';

/** The landing page's sign-in form, downloaded after the landing itself has shown. */
export function SignInSlot() {
  return (
    <QueryLayout>
      <SignInPanel />
    </QueryLayout>
  );
}
