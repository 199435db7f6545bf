import { AlertTriangle } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';

export function ErrorScreen({
  title = 'Application Error',
  error,
}: {
  title?: string;
  error: unknown;
}) {
  const err = error instanceof Error ? error : null;
  return (
    <div className="flex min-h-screen items-center justify-center p-6">
      <Card className="w-full max-w-xl">
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-destructive">
            <AlertTriangle aria-hidden className="size-5" /> {title}
          </CardTitle>
          <p className="text-sm text-muted-foreground">Something went wrong with the application</p>
        </CardHeader>
        <CardContent className="grid gap-4">
          <p className="rounded-md bg-muted p-3 text-sm">
            {err?.message || 'Unknown error occurred'}
          </p>
          <Button onClick={() => window.location.reload()}>Reload Application</Button>
          <details className="text-sm">
            <summary className="cursor-pointer font-medium">Technical Details</summary>
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
