import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

function RenderError() {
  const { t } = useTranslation('questions');
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} role="alert">
      {t('examples.errors.render')}
    </Alert>
  );
}

interface State {
  failed: boolean;
}

/**
 * One tab's content failing to render shows 'Error rendering this content' (docs/product/messages.md) in that tab
 * only; the other tabs and the page keep working. Give it a key per example so a new tab starts
 * clean.
 */
export class ExampleErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Question example failed to render', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RenderError /> : this.props.children;
  }
}
