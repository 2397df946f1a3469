import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorFallback } from './error-fallback';

interface Props {
  children: ReactNode;
  /** What to render instead of the children after an error; the generic screen by default. */
  fallback?: ReactNode;
  /** When it changes (the router passes the location's key), an error shown is cleared. */
  resetKey?: unknown;
}

interface State {
  hasError: boolean;
  resetKey: unknown;
}

/** The application-level boundary: anything that throws while rendering ends here. */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { hasError: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { hasError: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { hasError: false, resetKey: props.resetKey };
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
