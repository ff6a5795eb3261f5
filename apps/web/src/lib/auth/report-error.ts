/**
 * Errors worth a look by the team (docs/product/messages.md: render errors in the auth area notify analytics).
 * There is no analytics service yet: this is the one place a real sink replaces the console.
 */
export interface ErrorContext {
  area: string;
  action?: string;
  componentStack?: string | null;
}

export type ErrorSink = (error: unknown, context: ErrorContext) => void;

const consoleSink: ErrorSink = (error, context) => {
  console.error(`[vbuilder:${context.area}]`, context.action ?? 'error', error, context.componentStack ?? '');
};

let sink: ErrorSink = consoleSink;

export function reportError(error: unknown, context: ErrorContext): void {
  try {
    sink(error, context);
  } catch {
    // Reporting must never become the next error.
  }
}

/** Installs a real sink (analytics); returns a function that restores the previous one. */
export function setErrorSink(next: ErrorSink): () => void {
  const previous = sink;
  sink = next;
  return () => {
    sink = previous;
  };
}
