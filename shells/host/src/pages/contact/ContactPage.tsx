import { useT } from '@app/i18n';
import { Link, PageHeader } from '@app/ui';
import { CONTACT_CHANNELS } from './contactChannels.ts';
import './contact.css';

/** /contact: one large button per messaging channel. */
export function ContactPage() {
  const t = useT();
  return (
    <div className="ui-container ui-page contact-page">
      <PageHeader title={t('contact.title')} subtitle={t('contact.subtitle')} />
      <ul className="contact-channels">
        {CONTACT_CHANNELS.map((channel) => (
          <li key={channel.id}>
            <Link
              href={channel.href}
              target={channel.id === 'email' ? undefined : '_blank'}
              rel="noopener noreferrer"
              variant="subtle"
              className="contact-channel"
              data-channel={channel.id}
            >
              <span className="contact-channel-icon" style={{ background: channel.color }} aria-hidden="true">
                {t(channel.label).charAt(0)}
              </span>
              <span className="contact-channel-text">
                <span className="contact-channel-name">{t(channel.label)}</span>
                <span className="contact-channel-hint">{t(channel.hint)}</span>
              </span>
              <span className="contact-channel-arrow" aria-hidden="true">
                →
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
