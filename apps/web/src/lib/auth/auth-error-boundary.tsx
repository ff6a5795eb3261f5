import { Component, type ErrorInfo, type ReactNode } from 'react';
import { AuthErrorScreen } from '../../components/errors/auth-error-screen.tsx';
import { reportError } from './report-error.ts';

interface Props {
  retryCount: number;
  onRetry(): void;
  onSignOut(): void | Promise<void>;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/**
 * docs/product/messages.md: a render error in the auth area shows the authentication error screen and is reported.
 * (Errors inside routes are the router's, and show the application error screen.)
 */
export class AuthErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    reportError(error, { area: 'auth', action: 'render', componentStack: info.componentStack });
  }

  private retry = () => {
    this.setState({ failed: false });
    this.props.onRetry();
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <AuthErrorScreen
        reason="render_failed"
        retryCount={this.props.retryCount}
        onRetry={this.retry}
        onSignOut={this.props.onSignOut}
      />
    );
  }
}
