import {
  Archive,
  BookOpen,
  Building2,
  ClipboardCheck,
  FileBadge,
  GraduationCap,
  MonitorPlay,
  UserCheck,
  Wand2,
  type LucideIcon,
} from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { useAuth } from '../../features/auth/use-auth';
import { UnavailableActions } from '../../features/placeholders/UnavailableActions';

interface GapArea {
  icon: LucideIcon;
  title: string;
  looksFor: string;
  /** Sections of 14 CFR Part 142 only: paragraph letters are never cited here. */
  sections: string[];
}

const GAP_AREAS: GapArea[] = [
  {
    icon: BookOpen,
    title: 'Training center manual',
    looksFor:
      'Sections on management structure, required management positions and staffing for each curriculum.',
    sections: ['142.13'],
  },
  {
    icon: FileBadge,
    title: 'Training specifications',
    looksFor:
      'The certificate and training specifications, and what the application for them must describe.',
    sections: ['142.5', '142.11'],
  },
  {
    icon: GraduationCap,
    title: 'Curriculum and syllabus outlines',
    looksFor:
      'A syllabus for each curriculum, with minimum equipment and instructor qualifications.',
    sections: ['142.37', '142.39'],
  },
  {
    icon: UserCheck,
    title: 'Instructor and evaluator records',
    looksFor:
      'Eligibility, designation, initial and recurrent training and testing of each instructor and evaluator.',
    sections: ['142.47', '142.53', '142.55'],
  },
  {
    icon: Building2,
    title: 'Facility and equipment descriptions',
    looksFor:
      'Instructional spaces, the principal business office, and the aircraft used for training.',
    sections: ['142.15', '142.57'],
  },
  {
    icon: MonitorPlay,
    title: 'FSTD qualification and logs',
    looksFor:
      'Qualification and approval of each simulator and training device, its daily functional preflight check and its discrepancy log.',
    sections: ['142.59'],
  },
  {
    icon: Archive,
    title: 'Records retention',
    looksFor: 'Trainee, instructor and evaluator records, how long they are kept and where.',
    sections: ['142.73'],
  },
  {
    icon: ClipboardCheck,
    title: 'Quality control procedures',
    looksFor:
      'The quality control measures the training center described to the FAA, and evidence that they are followed.',
    sections: ['142.11'],
  },
];

export default function DocumentGeneration() {
  const { can } = useAuth();
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Smart Audit</CardTitle>
          <CardDescription>
            The audit looks for compliance documents your organization is missing, drafts the ones
            that can be written from your own data for you to review, and lists those only you can
            supply.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {can('runAudit') ? (
            <UnavailableActions
              actions={[{ label: 'Start AI-Powered Audit', icon: Wand2, variant: 'default' }]}
              reason="Not available in this version yet: the audit needs the Part 142 checklist catalogue and your processed documents, and neither is available to it yet. No documents are generated or uploaded from this screen until then."
            />
          ) : (
            <p className="text-sm text-muted-foreground">Your role cannot start an audit.</p>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>What the gap analysis will look for</CardTitle>
          <CardDescription>
            Each area is checked against the section of 14 CFR Part 142 that governs it.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-3 md:grid-cols-2">
            {GAP_AREAS.map(({ icon: Icon, title, looksFor, sections }) => (
              <li key={title} className="flex gap-3 rounded-md border p-3">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-accent text-accent-foreground">
                  <Icon aria-hidden className="size-4" />
                </span>
                <div className="grid min-w-0 content-start gap-1">
                  <p className="text-sm font-medium">{title}</p>
                  <p className="text-sm text-muted-foreground">{looksFor}</p>
                  <p className="flex flex-wrap gap-1.5">
                    {sections.map((s) => (
                      <Badge key={s} variant="outline" className="font-mono">
                        14 CFR {s}
                      </Badge>
                    ))}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
