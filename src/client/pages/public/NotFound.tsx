import { AlertCircle } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';

export default function NotFound() {
  return (
    <div className="flex min-h-screen items-center justify-center bg-background p-6">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <AlertCircle aria-hidden className="size-5 text-destructive" /> Page Not Found
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <p className="text-2xl font-bold">404 Page Not Found</p>
          <p className="text-sm text-muted-foreground">
            The address you followed does not exist in Centerline. Check the link, or start again
            from the home page.
          </p>
          <Button asChild className="justify-self-start">
            <Link to="/">Go to the home page</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
