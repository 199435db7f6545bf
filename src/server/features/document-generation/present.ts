import type { GeneratedDocument } from '@shared/api/document-generation';
import type { GeneratedRow } from './repository';

export const downloadPath = (id: string, format: 'docx' | 'pdf' | 'txt') =>
  `/api/generated-documents/${id}/download?format=${format}`;

export function toGeneratedDocument(
  row: GeneratedRow,
  fallbackReason: string | null = null,
): GeneratedDocument {
  return {
    filename: row.filename,
    content: row.content,
    documentType: row.documentType,
    metadata: {
      aiGenerated: row.aiGenerated,
      regulatoryBasis: row.regulatoryBasis,
      model: row.modelName,
      fallbackReason,
    },
    id: row.id,
    documentId: row.documentId,
    title: row.title,
    status: row.status === 'approved' ? 'approved' : 'draft',
    createdAt: row.createdAt.toISOString(),
    approvedAt: row.approvedAt?.toISOString() ?? null,
    checklistItems: row.checklistItems,
    downloads: {
      docx: downloadPath(row.id, 'docx'),
      pdf: downloadPath(row.id, 'pdf'),
      txt: downloadPath(row.id, 'txt'),
    },
  };
}
