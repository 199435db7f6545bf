import { AlertCircle } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { usePublicText } from '../../i18n/lite';

export default function NotFound() {
  const t = usePublicText('marketing');
  return (
    <div className="flex min-h-screen items-center justify-center bg-background p-6">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <AlertCircle aria-hidden className="size-5 text-destructive" /> {t('notFound.title')}
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <p className="text-2xl font-bold">{t('notFound.heading')}</p>
          <p className="text-sm text-muted-foreground">{t('notFound.body')}</p>
          <Button asChild className="justify-self-start">
            <Link to="/">{t('notFound.home')}</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
