import { useT } from '@app/i18n';

/** The reference or source images the task was made from. */
export function InputImages({ urls }: { urls: string[] }) {
  const t = useT();
  if (urls.length === 0) return null;
  return (
    <section className="studio-details-section">
      <h3>{t('studio.inputImagesHeading')}</h3>
      <ul className="studio-details-inputs">
        {urls.map((url, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same address may be given twice
          <li key={`${index}:${url}`}>
            <img src={url} alt={t('studio.inputImageAlt', { index: index + 1 })} loading="lazy" />
          </li>
        ))}
      </ul>
    </section>
  );
}
