import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  QUALIFICATION_KINDS,
  QUALIFICATION_PARAGRAPHS,
  type QualificationKind,
} from '@shared/api/instructors';
import { Button } from '../../components/ui/button';
import { FormField, TextField } from '../../components/ui/form-field';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select';
import { toast } from '../../components/ui/use-toast';
import { applyServerError, FormError } from '../users/form-errors';
import {
  EvidenceDocumentPicker,
  EvidenceProposalNote,
  useEvidenceProposal,
} from './EvidenceDocument';
import {
  EMPTY_QUALIFICATION,
  qualificationFormSchema,
  type QualificationFormInput,
  type QualificationFormOutput,
} from './form-schemas';
import { useAddQualification } from './use-instructors';

const FIELDS = [
  'kind',
  'completedAt',
  'documentId',
  'trainingEventId',
  'course',
  'device',
] as const;

/**
 * What an Instructor may not record in their own file (issue 16, roles): designations and
 * checks. The server refuses them too; the form does not offer them.
 */
export const NOT_ON_OWN_FILE: readonly QualificationKind[] = [
  'designation_142_47_b',
  'pre_designation_test_142_47_c2',
  'instruction_demonstration_142_53_a1',
  'written_test_142_53_a7',
  'proficiency_check_142_53_a7',
];

/** Records one dated event of the file; errors from the server land next to their field. */
export function AddQualificationForm({
  instructorId,
  kinds = QUALIFICATION_KINDS,
}: {
  instructorId: string;
  kinds?: readonly QualificationKind[];
}) {
  const { t } = useTranslation('instructors');
  const add = useAddQualification(instructorId);
  const defaultValues = {
    ...EMPTY_QUALIFICATION,
    kind: kinds.includes(EMPTY_QUALIFICATION.kind) ? EMPTY_QUALIFICATION.kind : kinds[0]!,
  };
  const form = useForm<QualificationFormInput, unknown, QualificationFormOutput>({
    resolver: zodResolver(qualificationFormSchema),
    defaultValues,
  });
  const { errors, isSubmitting } = form.formState;

  // A validated evidence document fills the kind, date and course from its validated fields; the
  // person still reads them (and what does not fit) before saving.
  const documentId = form.watch('documentId') ?? '';
  const proposal = useEvidenceProposal(instructorId, documentId).data;
  useEffect(() => {
    if (!proposal?.validated || proposal.documentId !== form.getValues('documentId')) return;
    if (proposal.kind && kinds.includes(proposal.kind)) form.setValue('kind', proposal.kind);
    if (proposal.completedAt) form.setValue('completedAt', proposal.completedAt);
    if (proposal.course) form.setValue('course', proposal.course);
  }, [proposal, form, kinds]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync(values);
      toast({
        title: t('qualification.recorded'),
        description: t('qualification.recordedDescription', {
          kind: t(`qualifications.${values.kind}`),
        }),
      });
      form.reset(defaultValues);
    } catch (error) {
      applyServerError(form.setError, error, FIELDS);
    }
  });

  const text = (field: Exclude<(typeof FIELDS)[number], 'kind'>, label: string, extra = {}) => (
    <TextField
      id={`qualification-${field}`}
      label={label}
      autoComplete="off"
      error={errors[field]?.message}
      registration={form.register(field)}
      {...extra}
    />
  );

  // The text boxes (built here, not in the markup: their field names are not words on screen).
  const boxes = {
    completedAt: text('completedAt', t('qualification.completedOn'), {
      type: 'date',
      required: true,
    }),
    course: text('course', t('qualification.course'), { hint: t('qualification.courseHint') }),
    device: text('device', t('qualification.device'), { hint: t('qualification.deviceHint') }),
    trainingEventId: text('trainingEventId', t('qualification.trainingEventId'), {
      hint: t('qualification.trainingEventIdHint'),
    }),
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label={t('qualification.title')}>
      <FormField
        id="qualification-kind"
        label={t('qualification.kind')}
        error={errors.kind?.message}
      >
        <Controller
          control={form.control}
          name="kind"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger id="qualification-kind" aria-invalid={!!errors.kind}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {kinds.map((kind) => (
                  <SelectItem key={kind} value={kind}>
                    {QUALIFICATION_PARAGRAPHS[kind]} · {t(`qualifications.${kind}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </FormField>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        {boxes.completedAt}
        {boxes.course}
        {boxes.device}
        <Controller
          control={form.control}
          name="documentId"
          render={({ field }) => (
            <EvidenceDocumentPicker
              value={field.value ?? ''}
              onChange={field.onChange}
              error={errors.documentId?.message}
            />
          )}
        />
        {boxes.trainingEventId}
      </div>
      <EvidenceProposalNote instructorId={instructorId} documentId={documentId} />
      <FormError message={errors.root?.message} />
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t('qualification.submitting') : t('qualification.title')}
        </Button>
      </div>
    </form>
  );
}
