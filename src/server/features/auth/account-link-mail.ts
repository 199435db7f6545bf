import { readStoredPreferences, type Language } from '@shared/api/preferences';

/**
 * The e-mails that carry an account link, in the recipient's language (their saved preference).
 * Times are written in UTC with the zone named: a mail is read anywhere.
 */
type Kind = 'password_reset' | 'email_change' | 'email_change_notice';

interface Recipient {
  email: string;
  firstName: string;
  preferences: Record<string, unknown>;
  autoLogoutMinutes: number;
}

const TEXTS: Record<
  Language,
  Record<
    Kind,
    { subject: string; body: (v: { name: string; email: string; until: string }) => string[] }
  >
> = {
  en: {
    password_reset: {
      subject: 'Choose a new Centerline password',
      body: ({ name, until }) => [
        `Hello ${name},`,
        '',
        'Someone asked to choose a new password for your Centerline account. If it was you, use',
        `this link. It works once and expires on ${until}:`,
      ],
    },
    email_change: {
      subject: 'Confirm your new Centerline e-mail address',
      body: ({ name, email, until }) => [
        `Hello ${name},`,
        '',
        `Confirm that ${email} is your new e-mail address for Centerline with this link.`,
        `It works once and expires on ${until}:`,
      ],
    },
    email_change_notice: {
      subject: 'Your Centerline e-mail address is being changed',
      body: ({ name, email }) => [
        `Hello ${name},`,
        '',
        `Your Centerline account asked to move to ${email}. The change happens only when that`,
        'address confirms it. If you did not ask for this, change your password and tell your',
        'administrator.',
      ],
    },
  },
  es: {
    password_reset: {
      subject: 'Elija una nueva contraseña de Centerline',
      body: ({ name, until }) => [
        `Hola, ${name}:`,
        '',
        'Se ha solicitado elegir una nueva contraseña para su cuenta de Centerline. Si fue usted,',
        `utilice este enlace. Solo funciona una vez y caduca el ${until}:`,
      ],
    },
    email_change: {
      subject: 'Confirme su nueva dirección de correo en Centerline',
      body: ({ name, email, until }) => [
        `Hola, ${name}:`,
        '',
        `Confirme con este enlace que ${email} es su nueva dirección de correo en Centerline.`,
        `Solo funciona una vez y caduca el ${until}:`,
      ],
    },
    email_change_notice: {
      subject: 'Se está cambiando su dirección de correo en Centerline',
      body: ({ name, email }) => [
        `Hola, ${name}:`,
        '',
        `Se ha solicitado trasladar su cuenta de Centerline a ${email}. El cambio solo se hará`,
        'cuando esa dirección lo confirme. Si no lo solicitó usted, cambie su contraseña y avise a',
        'su administrador.',
      ],
    },
  },
  fr: {
    password_reset: {
      subject: 'Choisissez un nouveau mot de passe Centerline',
      body: ({ name, until }) => [
        `Bonjour ${name},`,
        '',
        'Une demande de nouveau mot de passe a été faite pour votre compte Centerline. Si elle vient',
        `de vous, utilisez ce lien. Il ne sert qu’une fois et expire le ${until} :`,
      ],
    },
    email_change: {
      subject: 'Confirmez votre nouvelle adresse e-mail Centerline',
      body: ({ name, email, until }) => [
        `Bonjour ${name},`,
        '',
        `Confirmez avec ce lien que ${email} est votre nouvelle adresse e-mail pour Centerline.`,
        `Il ne sert qu’une fois et expire le ${until} :`,
      ],
    },
    email_change_notice: {
      subject: 'Votre adresse e-mail Centerline va changer',
      body: ({ name, email }) => [
        `Bonjour ${name},`,
        '',
        `Votre compte Centerline a demandé à passer à l’adresse ${email}. Le changement n’aura lieu`,
        'que lorsque cette adresse l’aura confirmé. Si vous n’êtes pas à l’origine de cette demande,',
        'changez votre mot de passe et prévenez votre administrateur.',
      ],
    },
  },
};

const IGNORE: Record<Language, string> = {
  en: 'If you did not ask for this, you can ignore this e-mail.',
  es: 'Si no lo solicitó usted, puede ignorar este correo.',
  fr: 'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail.',
};

export function accountLinkMail(
  kind: Kind,
  recipient: Recipient,
  link: string | null,
  expiresAt: Date,
): { subject: string; text: string } {
  const { language } = readStoredPreferences(recipient.preferences, recipient.autoLogoutMinutes);
  const texts = TEXTS[language][kind];
  const until = `${expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const lines = texts.body({ name: recipient.firstName, email: recipient.email, until });
  return {
    subject: texts.subject,
    text: (link ? [...lines, '', link, '', IGNORE[language]] : lines).join('\n'),
  };
}
