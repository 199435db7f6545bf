import { useQuery } from '@tanstack/react-query';
import { FileCheck2, TriangleAlert } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  QUALIFICATION_PARAGRAPHS,
  qualificationProposal,
  type QualificationProposal,
} from '@shared/api/instructors';
import { FormField } from '../../components/ui/form-field';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { apiRequest } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { QueryError } from '../dashboard/QueryError';
import { useDocuments } from '../documents/use-documents';
import { INSTRUCTORS_KEY } from './use-instructors';

/** Radix Select has no empty value: this one stands for "no document". */
const NONE = '__none__';

/** What a validated document says for this file; nothing is proposed from unvalidated fields. */
export function useEvidenceProposal(instructorId: string, documentId: string) {
  return useQuery({
    queryKey: [...INSTRUCTORS_KEY, instructorId, 'evidence', documentId],
    queryFn: () =>
      apiRequest(
        'GET',
        `/api/instructors/${instructorId}/evidence/${documentId}`,
        undefined,
        qualificationProposal,
      ),
    enabled: documentId !== '',
  });
}

/**
 * The evidence document of a qualification: picked from the organization's documents (validated
 * ones first), and what its validated fields say, with every mismatch said before saving.
 */
export function EvidenceDocumentPicker({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (documentId: string) => void;
  error?: string;
}) {
  const { t } = useTranslation('instructors');
  const documents = useDocuments();
  const list = [...(documents.data ?? [])].sort(
    (a, b) => Number(b.status === 'validated') - Number(a.status === 'validated'),
  );
  return (
    <FormField
      id="qualification-documentId"
      label={t('evidence.documentLabel')}
      error={error ?? (documents.isError ? t('evidence.documentsFailed') : undefined)}
      hint={
        list.length === 0 && documents.isSuccess
          ? t('evidence.noDocuments')
          : t('evidence.documentHint')
      }
    >
      <Select value={value || NONE} onValueChange={(v) => onChange(v === NONE ? '' : v)}>
        <SelectTrigger id="qualification-documentId" aria-invalid={!!error}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={NONE}>{t('evidence.noDocument')}</SelectItem>
          {list.map((d) => (
            <SelectItem key={d.id} value={d.id}>
              {d.originalName} ·{' '}
              {d.status === 'validated' ? t('evidence.validated') : t('evidence.notValidated')}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </FormField>
  );
}

/** What was read from the document, and what does not fit; shown under the form's fields. */
export function EvidenceProposalNote({
  instructorId,
  documentId,
}: {
  instructorId: string;
  documentId: string;
}) {
  const { t } = useTranslation('instructors');
  const proposal = useEvidenceProposal(instructorId, documentId);
  if (!documentId) return null;
  if (proposal.isPending) return <Spinner label={t('evidence.reading')} />;
  if (proposal.isError) {
    return <QueryError error={proposal.error} what={t('evidence.fieldsWhat')} />;
  }
  return <ProposalText proposal={proposal.data} />;
}

function ProposalText({ proposal }: { proposal: QualificationProposal }) {
  const { t } = useTranslation('instructors');
  const read = [
    proposal.kind &&
      t('evidence.readKind', {
        paragraph: QUALIFICATION_PARAGRAPHS[proposal.kind],
        kind: t(`qualifications.${proposal.kind}`),
        from: proposal.kindFrom,
      }),
    proposal.completedAt && t('evidence.readCompleted', { date: formatDate(proposal.completedAt) }),
    proposal.course && t('evidence.readCourse', { course: proposal.course }),
  ].filter(Boolean);
  const clean = proposal.problems.length === 0;
  return (
    <div
      role={clean ? 'status' : 'alert'}
      className={
        clean
          ? 'flex gap-2 rounded-md bg-green-50 p-3 text-sm text-green-900'
          : 'flex gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-950'
      }
    >
      {clean ? (
        <FileCheck2 aria-hidden className="mt-0.5 size-4 shrink-0" />
      ) : (
        <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-700" />
      )}
      <div className="grid gap-1">
        {read.length > 0 && (
          <p>
            <Trans
              t={t}
              i18nKey="evidence.filledFrom"
              values={{ name: proposal.documentName, fields: read.join(', ') }}
              components={{ strong: <strong /> }}
            />
          </p>
        )}
        {proposal.problems.map((p) => (
          <p key={p}>{p}</p>
        ))}
        {!proposal.validated && (
          <p>
            <Link className="underline underline-offset-2" to={`/documents/${proposal.documentId}`}>
              {t('evidence.openToValidate', { name: proposal.documentName })}
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}
