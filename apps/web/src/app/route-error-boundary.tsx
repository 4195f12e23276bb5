import { Component, Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { RouteErrorPage } from './route-error.tsx';

interface BoundaryProps {
  /** Changes on every navigation: leaving a failed page clears the error. */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  failure: { error: unknown } | null;
  resetKey: string;
}

class PageErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failure: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failure: { error } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failure: null, resetKey: props.resetKey };
  }

  override render() {
    const { failure } = this.state;
    if (!failure) return this.props.children;
    return (
      <Suspense fallback={null}>
        <RouteErrorPage error={failure.error} />
      </Suspense>
    );
  }
}

/** Catches what a page throws while rendering or downloading, and shows the matching error page. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <PageErrorBoundary resetKey={location.key}>{children}</PageErrorBoundary>;
}
