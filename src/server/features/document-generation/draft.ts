import type { TemplateSection } from './templates/types';
import { templateFor, type DraftDocument, type OrganizationFacts } from './templates/index';
import { requirementFor, type RequirementCode } from './requirements';

/** The template of `type` filled with the organization's facts. */
export function buildDraft(type: RequirementCode, facts: OrganizationFacts): DraftDocument {
  const template = templateFor(type);
  const requirement = requirementFor(type);
  if (!template || !requirement) throw new Error(`no template for ${type}`);
  return {
    type,
    title: template.title,
    slug: template.slug,
    organizationName: facts.organizationName,
    generatedOn: facts.generatedOn,
    regulatoryBasis: requirement.regulatoryBasis,
    sections: template.build(facts),
  };
}

/** The same draft with new prose for the sections that have some (model drafting). */
export function withParagraphs(draft: DraftDocument, paragraphs: string[][]): DraftDocument {
  return {
    ...draft,
    sections: draft.sections.map((section, i): TemplateSection =>
      section.paragraphs.length
        ? { ...section, paragraphs: paragraphs[i] ?? section.paragraphs }
        : section,
    ),
  };
}
