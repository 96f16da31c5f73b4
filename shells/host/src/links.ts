/**
 * External addresses shown in the UI. Support handles are product settings: change them here.
 */
export const EXTERNAL_LINKS = {
  n8nTemplate: 'https://n8n.io/workflows/?search=nano%20banana',
  telegram: 'https://t.me/nanobananastudio',
  whatsapp: 'https://wa.me/15555550123',
  signal: 'https://signal.me/#eu/nanobananastudio',
  email: 'mailto:support@nanobanana.studio',
} as const;
