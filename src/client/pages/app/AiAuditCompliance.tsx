import { FileSearch, Sparkles, Upload } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { useAuth } from '../../features/auth/use-auth';
import { UnavailableActions } from '../../features/placeholders/UnavailableActions';

const REPORTED = [
  [
    'Status per requirement',
    'Compliant, Partial, Non-compliant, or Insufficient data when your documents do not say enough.',
  ],
  ['Risk level', 'Critical, High, Medium or Low, so the riskiest gaps come first.'],
  [
    'Recommendations and required actions',
    'What to change, and which additional documents would close the gap.',
  ],
  [
    'Estimated time to compliance and confidence',
    'How long the fix is likely to take, and how sure the analysis is.',
  ],
] as const;

export default function AiAuditCompliance() {
  const { can } = useAuth();
  return (
    <div className="grid items-start gap-6 lg:grid-cols-3">
      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle>Compliance Analysis</CardTitle>
          <CardDescription>
            The assistant compares your processed documents with each requirement of the Part 142
            inspection checklist and writes a compliance report.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          {can('runAudit') ? (
            <UnavailableActions
              actions={[{ label: 'Analyze Compliance', icon: Sparkles, variant: 'default' }]}
              reason="Not available in this version yet: an analysis needs the Part 142 checklist catalogue to compare against and your processed documents to read, and the assistant has access to neither yet."
            />
          ) : (
            <p className="text-sm text-muted-foreground">
              Your role can read analysis results but cannot start an analysis.
            </p>
          )}
          <div className="grid gap-3">
            <h4 className="text-sm font-semibold">After an analysis you will see</h4>
            <ul className="grid gap-3 sm:grid-cols-2">
              {REPORTED.map(([title, text]) => (
                <li key={title} className="rounded-md border bg-muted/40 p-3">
                  <p className="text-sm font-medium">{title}</p>
                  <p className="mt-1 text-sm text-muted-foreground">{text}</p>
                </li>
              ))}
            </ul>
            <p className="text-sm text-muted-foreground">
              Overall compliance, critical issues, high-risk and compliant counts appear as summary
              cards once an analysis has run; nothing is shown before then.
            </p>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Document Summary</CardTitle>
          <CardDescription>
            Documents the assistant has read, by type, with their extracted fields.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <EmptyState icon={FileSearch} title="No documents analyzed yet">
            Processed documents will be counted here when the assistant can read them.
          </EmptyState>
          {can('manageDocuments') && (
            <Button variant="outline" asChild className="justify-self-start">
              <Link to="/document-import">
                <Upload aria-hidden /> Go to Document Import
              </Link>
            </Button>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
