import { AlertTriangle } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { usePublicText } from '../../i18n/lite';
import { Button } from '../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';

/**
 * The error screen's words come with the first script (the shell's catalogue), so the screen
 * reads in the reader's language even when it is drawn before any other catalogue has loaded.
 */
function useErrorScreenText() {
  const t = usePublicText('shell');
  return {
    title: t('errorScreen.title'),
    subtitle: t('errorScreen.subtitle'),
    unknown: t('errorScreen.unknown'),
    reload: t('errorScreen.reload'),
    details: t('errorScreen.details'),
  };
}

/** An API failure's reader-facing message (lib/api.ts's ApiError), read without importing it. */
function messageOf(error: Error): string {
  const userMessage = (error as { userMessage?: unknown }).userMessage;
  return error.name === 'ApiError' && typeof userMessage === 'string' ? userMessage : error.message;
}

export function ErrorScreen({ title, error }: { title?: string; error: unknown }) {
  const text = useErrorScreenText();
  const err = error instanceof Error ? error : null;
  return (
    <div className="flex min-h-screen items-center justify-center p-6">
      <Card className="w-full max-w-xl">
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-destructive">
            <AlertTriangle aria-hidden className="size-5" /> {title ?? text.title}
          </CardTitle>
          <p className="text-sm text-muted-foreground">{text.subtitle}</p>
        </CardHeader>
        <CardContent className="grid gap-4">
          <p className="rounded-md bg-muted p-3 text-sm">
            {(err && messageOf(err)) || text.unknown}
          </p>
          <Button onClick={() => window.location.reload()}>{text.reload}</Button>
          <details className="text-sm">
            <summary className="cursor-pointer font-medium">{text.details}</summary>
            <pre className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap rounded-md bg-muted p-3 text-xs">
              {err?.stack ?? String(error)}
            </pre>
          </details>
        </CardContent>
      </Card>
    </div>
  );
}

/** Top-level error boundary: a render failure shows the error screen instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Application error', error, info.componentStack);
  }
  override render() {
    return this.state.error ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}
