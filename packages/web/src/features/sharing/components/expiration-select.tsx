import { SHARE_EXPIRATION_DAYS } from '@promptloom/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, inputClass } from '../../../components/ui/field';

type Days = (typeof SHARE_EXPIRATION_DAYS)[number];

/** Never, 7, 30 or 90 days; in manage mode an extra first choice keeps the current expiry. */
export function ExpirationSelect({
  value,
  onChange,
  allowKeep = false,
  error,
}: {
  value: Days | null;
  onChange: (days: Days | null) => void;
  allowKeep?: boolean;
  error?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Field id={id} label={t('sharing.share.expiration')} error={error}>
      <select
        id={id}
        value={value === null ? '' : String(value)}
        onChange={(event) =>
          onChange(event.target.value === '' ? null : (Number(event.target.value) as Days))
        }
        className={inputClass}
      >
        {allowKeep && <option value="">{t('sharing.share.keepExpiration')}</option>}
        {SHARE_EXPIRATION_DAYS.map((days) => (
          <option key={days} value={days}>
            {t(`sharing.share.expires.${days}`)}
          </option>
        ))}
      </select>
    </Field>
  );
}
