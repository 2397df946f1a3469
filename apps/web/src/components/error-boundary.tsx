import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorFallback } from './error-fallback';

interface Props {
  children: ReactNode;
  /** What to render instead of the children after an error; the generic screen by default. */
  fallback?: ReactNode;
}

interface State {
  hasError: boolean;
}

/** The application-level boundary: anything that throws while rendering ends here. */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { hasError: false };

  static getDerivedStateFromError(): State {
    return { hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // For developers only; users see the generic screen.
    console.error('Unexpected application error', error, info.componentStack);
  }

  override render() {
    if (this.state.hasError) return this.props.fallback ?? <ErrorFallback fullPage />;
    return this.props.children;
  }
}
