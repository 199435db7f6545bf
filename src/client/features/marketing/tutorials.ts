import {
  Bot,
  ClipboardCheck,
  FileSpreadsheet,
  ScanText,
  ShieldCheck,
  UserPlus,
} from 'lucide-react';
import type { Tutorial } from './content';

/** Six written guides, 3 to 7 minutes each (spec: product-core §9). */
export const TUTORIALS: Tutorial[] = [
  {
    id: 'first-sign-in',
    title: 'First sign-in and inviting your team',
    duration: '4 min',
    description:
      'Sign in for the first time, invite instructors, auditors and viewers, and choose the right role for each person.',
    thumbnail: { icon: UserPlus, gradient: 'from-sky-500 to-blue-700' },
    difficulty: 'Beginner',
    topics: ['Sign-in', 'Users', 'Roles'],
    where: 'Sign In, then Users',
    roles: 'Admin',
    steps: [
      {
        title: 'Sign in',
        detail:
          'Choose Sign In at the top of any public page and enter your e-mail and password. On a brand-new installation the first visit opens Setup, where you create the organization and its first administrator.',
      },
      {
        title: 'Open Users',
        detail:
          'From the Admin Dashboard, open Users. Only administrators see this screen; the server refuses it to every other role.',
      },
      {
        title: 'Invite a colleague',
        detail:
          'Enter their name and e-mail and pick a role. Admins manage users and settings; Instructors upload documents, validate data, create training events and work the checklist; Auditors read every record, report and proof but change nothing; Viewers see only the records assigned to them.',
      },
      {
        title: 'Share the invitation',
        detail:
          'Each invitation carries its own link. The colleague opens it, sets a password and lands on the dashboard with the permissions of their role.',
      },
      {
        title: 'Review and adjust',
        detail:
          'Change a role or deactivate an account from the same list at any time. Changes are written to the audit log with who made them and when.',
      },
      {
        title: 'Set your own session timeout',
        detail:
          'In Settings, choose the auto-logout period (15, 30, 60 or 120 minutes of inactivity) that suits a shared training-centre workstation.',
      },
    ],
  },
  {
    id: 'import-and-validate',
    title: 'Importing documents and validating extracted fields',
    duration: '6 min',
    description:
      'Upload training documents, let OCR read them, and confirm every extracted field before it becomes part of a record.',
    thumbnail: { icon: ScanText, gradient: 'from-cyan-500 to-sky-700' },
    difficulty: 'Beginner',
    topics: ['Document Import', 'OCR', 'Confidence scores', 'Validation'],
    where: 'Document Import and the Dashboard',
    roles: 'Admin, Instructor',
    steps: [
      {
        title: 'Prepare the files',
        detail:
          'Scan at 300 DPI or more with legible text. Accepted formats are PDF, XLSX, CSV, JPEG and PNG, up to 10 MB per file; several files can be dropped at once.',
      },
      {
        title: 'Upload',
        detail:
          'Open Document Import and drop the files on the upload panel, or choose them with the file picker. Each file appears in Document Processing History as uploaded.',
      },
      {
        title: 'Let processing finish',
        detail:
          'OCR runs in the background, so you can keep working. The status moves from uploaded to processing to processed; a file that cannot be read shows error with the reason.',
      },
      {
        title: 'Review the extracted fields',
        detail:
          'Document Validation lists each field Centerline found, such as student name, certificate number and certificate type, with its confidence score and the page it came from.',
      },
      {
        title: 'Correct and validate',
        detail:
          'Fields below your organization’s confidence threshold (85% unless your administrator changes it) are flagged. Check every value against the original, correct what is wrong and validate. Your name and the time are stored with the validated value.',
      },
      {
        title: 'Learn from corrections',
        detail:
          'Corrections are kept and help later extraction for your organization. Nothing extracted becomes part of a training record until a person has validated it.',
      },
    ],
  },
  {
    id: 'records-and-proofs',
    title: 'Creating training records and downloading a proof bundle',
    duration: '5 min',
    description:
      'Turn validated data into 14 CFR 142.73 training events and give an inspector a proof that verifies offline.',
    thumbnail: { icon: ShieldCheck, gradient: 'from-emerald-500 to-teal-700' },
    difficulty: 'Intermediate',
    topics: ['Training events', '14 CFR 142.73', 'Merkle log', 'Proof bundle'],
    where: 'Compliance Records',
    roles: 'Admin and Instructor create; Auditors read and export',
    steps: [
      {
        title: 'Create the training event',
        detail:
          'From a validated document, by hand, or by importing a CSV or XLSX file, record the trainee and certificate number, course, event type, date, result, instructor and evaluator.',
      },
      {
        title: 'See it appended to the ledger',
        detail:
          'When the event is saved it is written to your organization’s append-only Merkle log (RFC 9162). Its hash in the Training Events table is the record’s leaf hash, 64 hexadecimal characters.',
      },
      {
        title: 'Correct without rewriting',
        detail:
          'Editing an event appends a new version as a new leaf. Earlier versions stay in the log, so the record’s full history can be shown and proven.',
      },
      {
        title: 'Download the proof bundle',
        detail:
          'Open the event and download its proof bundle. It holds the record as canonical JSON (RFC 8785), its leaf hash, the inclusion proof and a signed tree head with your organization’s Ed25519 public key.',
      },
      {
        title: 'Hand it to the inspector',
        detail:
          'Anyone can recompute the SHA-256 hashes from the record up to the signed root and check the signature, offline and without access to Centerline. A changed record would no longer match.',
      },
    ],
  },
  {
    id: 'part-142-checklist',
    title: 'Working the Part 142 checklist with evidence',
    duration: '7 min',
    description:
      'Go through the 200-item inspection checklist area by area, with a status, comments, findings and evidence for every item.',
    thumbnail: { icon: ClipboardCheck, gradient: 'from-indigo-500 to-blue-800' },
    difficulty: 'Intermediate',
    topics: ['Part 142 Checklist', 'Evidence', 'Findings', 'History'],
    where: 'Part 142 Checklist and FAR Compliance',
    roles: 'Admin, Instructor (Auditors read)',
    steps: [
      {
        title: 'Open the checklist',
        detail:
          'Part 142 Checklist shows overall progress and ten area tabs, from Management and Administration to Quality Control Measures.',
      },
      {
        title: 'Pick an area and an item',
        detail:
          'Expand an item to read the full requirement and its references to sections of 14 CFR Part 142.',
      },
      {
        title: 'Set the status',
        detail:
          'Choose compliant, non-compliant, not applicable or leave it pending. Progress counts every item that is no longer pending, per area and overall.',
      },
      {
        title: 'Write comments and findings',
        detail:
          'Comments explain how you comply; findings record what is missing or wrong and what you will do about it.',
      },
      {
        title: 'Attach evidence',
        detail:
          'Link the documents that show compliance, such as a manual revision, a training record or a facility inspection, from those already imported.',
      },
      {
        title: 'Check the history',
        detail:
          'Every change to status, comments, findings and evidence is kept with its author and time; View History shows it item by item.',
      },
      {
        title: 'Review read-only',
        detail:
          'FAR Compliance shows the whole catalogue with your statuses, with search and an area filter, for a quick review before an inspection.',
      },
    ],
  },
  {
    id: 'audit-assistant',
    title: 'Running the AI audit assistant',
    duration: '5 min',
    description:
      'Let the assistant compare your documents with the checklist requirements, then review its findings before you act on them.',
    thumbnail: { icon: Bot, gradient: 'from-violet-500 to-indigo-700' },
    difficulty: 'Advanced',
    topics: ['Audit Assistant', 'Gap analysis', 'Risk', 'Recommendations'],
    where: 'Audit Assistant',
    roles: 'Admin, Instructor, Auditor',
    steps: [
      {
        title: 'Check what will be analysed',
        detail:
          'The Document Summary card lists how many documents and document types are available and how many fields were extracted from them.',
      },
      {
        title: 'Run the analysis',
        detail:
          'Choose Analyze Compliance. The built-in engine works offline; if your administrator has configured an OpenAI-compatible model, it is used instead.',
      },
      {
        title: 'Read the overview',
        detail:
          'Four cards show overall compliance, critical issues, high-risk items and compliant items for this run.',
      },
      {
        title: 'Work through Requirements Analysis',
        detail:
          'Each requirement shows its status and risk, the assistant’s analysis, recommendations, required actions, additional documents needed and its confidence.',
      },
      {
        title: 'Decide and record',
        detail:
          'Treat the analysis as a starting point: confirm each conclusion against the evidence, then record the status, findings and evidence on the Part 142 Checklist yourself.',
      },
      {
        title: 'Keep the report',
        detail:
          'The Compliance Report tab holds the full text of the run, ready to copy into your review notes.',
      },
    ],
  },
  {
    id: 'export-reports',
    title: 'Exporting audit reports',
    duration: '3 min',
    description:
      'Export the Part 142 checklist as a PDF report, Excel workbook or CSV, and a compliance analysis as a PDF, computed from the data you have stored.',
    thumbnail: { icon: FileSpreadsheet, gradient: 'from-amber-500 to-orange-700' },
    difficulty: 'Beginner',
    topics: ['Reports', 'PDF', 'Excel', 'Inspection preparation'],
    where: 'Part 142 Checklist, Audit Assistant and Export in the page header',
    roles: 'Admin, Instructor, Auditor',
    steps: [
      {
        title: 'Export the checklist',
        detail:
          'On the Part 142 Checklist, choose Export Report: PDF report for reading and filing, Excel workbook when you want to sort and filter the rows yourself, or CSV to import again later. Every item comes with its status, comments, findings and evidence.',
      },
      {
        title: 'Export a compliance analysis',
        detail:
          'In the Audit Assistant, after a run, open the Compliance Report tab and choose Download PDF: each requirement with its status, risk and the documents it quotes.',
      },
      {
        title: 'Export the audit trail',
        detail:
          'The Export button in the page header downloads the audit trail, who did what and when, as a CSV file.',
      },
      {
        title: 'Add proofs for sampled records',
        detail:
          'When an inspector samples particular training records, download their proof bundles from Compliance Records and hand them over with the report.',
      },
    ],
    coming: 'Summary, Detailed and Audit report types, each as PDF or Excel.',
  },
];
