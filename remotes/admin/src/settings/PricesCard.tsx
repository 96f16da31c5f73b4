import { LIMITS } from '@app/contract/constants';
import { useT } from '@app/i18n';
import { type ReactNode, useState } from 'react';
import { CreditNumberField } from './CreditNumberField.tsx';
import { SettingsCard } from './SettingsCard.tsx';
import type { SettingsCardBaseProps } from './settingsTypes.ts';
import { useSaveSettings } from './useSaveSettings.ts';

const COST = { min: LIMITS.costMin, max: LIMITS.costMax };

/**
 * Model prices in credits, in two clearly separate groups: what the web studio charges and what
 * the automation API charges. Upscale has one price for both.
 */
export function PricesCard({ settings }: SettingsCardBaseProps) {
  const t = useT();
  const { save, fieldErrors, pending } = useSaveSettings();
  const [studioText, setStudioText] = useState(settings.nanoBananaCredits);
  const [studioEdit, setStudioEdit] = useState(settings.nanoBananaEditCredits);
  const [apiText, setApiText] = useState(settings.nanoBananaApiPrice);
  const [apiEdit, setApiEdit] = useState(settings.nanoBananaEditApiPrice);
  const [upscale, setUpscale] = useState(settings.nanoBananaResizeCredits);

  const submit = () =>
    save({
      nanoBananaCredits: studioText,
      nanoBananaEditCredits: studioEdit,
      nanoBananaApiPrice: apiText,
      nanoBananaEditApiPrice: apiEdit,
      nanoBananaResizeCredits: upscale,
    });

  return (
    <SettingsCard
      id="settings-prices"
      title={t('admin.pricesTitle')}
      description={t('admin.pricesDescription')}
      onSubmit={submit}
      pending={pending}
      fieldErrors={fieldErrors}
    >
      <div className="admin-price-groups">
        <PriceGroup id="studio-costs" title={t('admin.studioCostsTitle')} hint={t('admin.studioCostsHint')}>
          <CreditNumberField
            name="nanoBananaCredits"
            label={t('admin.textToImage')}
            value={studioText}
            onChange={setStudioText}
            {...COST}
          />
          <CreditNumberField
            name="nanoBananaEditCredits"
            label={t('admin.editImage')}
            value={studioEdit}
            onChange={setStudioEdit}
            {...COST}
          />
        </PriceGroup>
        <PriceGroup id="api-prices" title={t('admin.apiPricesTitle')} hint={t('admin.apiPricesHint')}>
          <CreditNumberField name="nanoBananaApiPrice" label={t('admin.textToImage')} value={apiText} onChange={setApiText} {...COST} />
          <CreditNumberField name="nanoBananaEditApiPrice" label={t('admin.editImage')} value={apiEdit} onChange={setApiEdit} {...COST} />
        </PriceGroup>
        <PriceGroup id="upscale-cost" title={t('admin.upscaleTitle')} hint={t('admin.upscaleHint')}>
          <CreditNumberField
            name="nanoBananaResizeCredits"
            label={t('admin.upscaleCost')}
            value={upscale}
            onChange={setUpscale}
            {...COST}
          />
        </PriceGroup>
      </div>
    </SettingsCard>
  );
}

/**
 * A named group of price fields. A group role with a heading rather than a fieldset: a fieldset cannot take part in
 * the groups' subgrid (settings.css), which keeps the fields of boxes side by side in line when a heading wraps.
 */
function PriceGroup({ id, title, hint, children }: { id: string; title: string; hint: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset cannot be a subgrid, which keeps the boxes' fields in line.
    <div className="admin-price-group" role="group" aria-labelledby={`${id}-title`} data-testid={id}>
      <h4 id={`${id}-title`}>{title}</h4>
      <p className="ui-muted">{hint}</p>
      <div className="admin-price-fields">{children}</div>
    </div>
  );
}
