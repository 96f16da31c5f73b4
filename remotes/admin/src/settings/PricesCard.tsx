import { LIMITS } from '@app/contract/constants';
import { useT } from '@app/i18n';
import { useState } from 'react';
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
        <fieldset className="admin-price-group" data-testid="studio-costs">
          <legend>{t('admin.studioCostsTitle')}</legend>
          <p className="ui-muted">{t('admin.studioCostsHint')}</p>
          <div className="admin-price-fields">
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
          </div>
        </fieldset>
        <fieldset className="admin-price-group" data-testid="api-prices">
          <legend>{t('admin.apiPricesTitle')}</legend>
          <p className="ui-muted">{t('admin.apiPricesHint')}</p>
          <div className="admin-price-fields">
            <CreditNumberField name="nanoBananaApiPrice" label={t('admin.textToImage')} value={apiText} onChange={setApiText} {...COST} />
            <CreditNumberField name="nanoBananaEditApiPrice" label={t('admin.editImage')} value={apiEdit} onChange={setApiEdit} {...COST} />
          </div>
        </fieldset>
        <fieldset className="admin-price-group">
          <legend>{t('admin.upscaleTitle')}</legend>
          <p className="ui-muted">{t('admin.upscaleHint')}</p>
          <div className="admin-price-fields">
            <CreditNumberField
              name="nanoBananaResizeCredits"
              label={t('admin.upscaleCost')}
              value={upscale}
              onChange={setUpscale}
              {...COST}
            />
          </div>
        </fieldset>
      </div>
    </SettingsCard>
  );
}
