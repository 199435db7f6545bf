import { blank, certificateLine } from './helpers';
import type { DocumentTemplate } from './types';

export const certificateSurrenderProcedure: DocumentTemplate = {
  type: 'CERTIFICATE_SURRENDER_PROCEDURE',
  title: 'Certificate Return and Advertising Withdrawal Procedure',
  slug: 'certificate-return-and-advertising-withdrawal',
  build: (facts) => [
    {
      heading: 'When it applies',
      paragraphs: [
        `This procedure applies if the certificate of ${facts.organizationName} (${certificateLine(facts)}) is surrendered, suspended, revoked or terminated.`,
      ],
    },
    {
      heading: 'Steps',
      paragraphs: [],
      bullets: [
        `Return the certificate to the FAA within 5 working days of being told (142.7(c)); responsible: ${blank('name')}.`,
        'Promptly remove signs and any other indication that the centre is FAA-certificated (142.31(b)(1)).',
        'Promptly tell advertising agents and media to stop advertising the centre as certificated (142.31(b)(2)).',
      ],
    },
  ],
};
