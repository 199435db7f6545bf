import { SUPPORT_EMAIL } from '@shared/constants/plans';
import type { FaqGroup } from './content';

/** Questions a Part 142 compliance manager asks before and during a trial, grouped by category. */
export const FAQ_GROUPS: FaqGroup[] = [
  {
    category: 'Getting started',
    questions: [
      {
        q: 'Do we need to install a database server?',
        a: 'No. Centerline runs as a single process with an embedded PostgreSQL-compatible database kept in a data folder. Larger organizations point it at their own PostgreSQL and run as many application nodes as they need.',
      },
      {
        q: 'Which roles are there?',
        a: 'Admin (users, organization and settings), Instructor (documents, validation, training events and the checklist), Auditor (reads every record, report and proof, and runs the audit assistant, but changes nothing) and Viewer (only the records assigned to them). The server enforces the roles on every request.',
      },
      {
        q: 'Can you help us bring our existing records across?',
        a: 'Yes, at no charge. Training events can be imported from CSV or XLSX files, and we help you map your existing spreadsheets and exports onto Centerline’s fields.',
      },
      {
        q: 'Is there a live introduction?',
        a: `Every customer can book a free 15-minute live onboarding session. Write to ${SUPPORT_EMAIL} with a few times that suit you.`,
      },
    ],
  },
  {
    category: 'Documents and OCR',
    questions: [
      {
        q: 'Which files can we upload?',
        a: 'PDF, XLSX, CSV, JPEG and PNG files up to 10 MB each, several at a time. PDFs with a text layer are read directly; scanned PDFs and photos are read with OCR.',
      },
      {
        q: 'What does the confidence score mean?',
        a: 'Each extracted field carries the extraction engine’s own confidence, from 0 to 100%, and the page it came from. Fields below your organization’s threshold (85% unless an administrator changes it) are flagged. The score is a guide for review, not a guarantee: no extracted value becomes part of a record until a person validates it.',
      },
      {
        q: 'Are our documents sent to an outside AI service?',
        a: 'Not by default. OCR and the built-in extraction and audit engine run on the Centerline server itself. An administrator may configure an OpenAI-compatible model, including a self-hosted one, and only then is it used.',
      },
      {
        q: 'How do we get the best results?',
        a: 'Scan at 300 DPI or more, keep pages straight and text legible, and upload standard formats. Corrections you make during validation are kept and help later extraction for your organization.',
      },
    ],
  },
  {
    category: 'Records and verification',
    questions: [
      {
        q: 'What does tamper-evident mean here?',
        a: 'Every version of every training record is appended as a leaf to your organization’s Merkle log (RFC 9162), and the log’s state is published as signed tree heads (Ed25519). Changing or removing an earlier entry would change the root, which would then no longer match the signed heads.',
      },
      {
        q: 'How does an inspector verify a record?',
        a: 'Give them the record’s proof bundle: the record as canonical JSON, its leaf hash, the inclusion proof and a signed tree head with your public key. The SHA-256 hashes and the signature can be checked offline, without access to Centerline.',
      },
      {
        q: 'What happens when a record is corrected?',
        a: 'The correction is appended as a new version; nothing is rewritten. The earlier versions remain in the log and in the record’s history.',
      },
      {
        q: 'Which records does Centerline keep?',
        a: 'Training events, the records a centre keeps under 14 CFR 142.73: trainee and certificate number, course, event type, date, result, instructor and evaluator, linked to the source document where there is one.',
      },
    ],
  },
  {
    category: 'Security and data',
    questions: [
      {
        q: 'Who can see our data?',
        a: 'Only the people in your organization, within their role. Every record belongs to one organization and no query crosses organizations. Every change is written to an audit log of who did what and when.',
      },
      {
        q: 'How are accounts protected?',
        a: 'Passwords are stored only as salted hashes, sessions use an http-only cookie, and each user chooses an automatic sign-out after 15 to 120 minutes of inactivity.',
      },
      {
        q: 'Can we take our data with us?',
        a: 'Yes, at any time: reports as PDF or Excel, records and proof bundles. The proofs stay verifiable without Centerline.',
      },
      {
        q: 'Can we run Centerline on our own infrastructure?',
        a: 'Yes. The Enterprise and Regulatory plans run on your own PostgreSQL with any number of application nodes, and can use a model you host yourself.',
      },
    ],
  },
];
