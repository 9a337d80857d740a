import { BLOCK_COLOR_PALETTE } from '#web/config/limits.ts';
import { Check } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/cn.ts';

/**
 * The 10-colour palette as native radio buttons, so arrow keys and
 * screen readers work as for any radio group. Colours reserved for system blocks are
 * hidden for other blocks, unless the block already uses one.
 */
export function ColorPalette({
  value,
  onChange,
  isSystemBlock,
}: {
  value: string;
  onChange: (hex: string) => void;
  isSystemBlock: boolean;
}) {
  const { t } = useTranslation();
  const name = useId();
  const colors = BLOCK_COLOR_PALETTE.filter(
    (color) => isSystemBlock || !color.systemOnly || sameColor(color.hex, value),
  );
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-slate-700">
        {t('blocks.form.color')}
      </legend>
      <div className="flex flex-wrap gap-2">
        {colors.map((color) => {
          const checked = sameColor(color.hex, value);
          return (
            <label
              key={color.key}
              className="relative cursor-pointer"
              title={t(`blocks.colors.${color.key}`)}
            >
              <input
                type="radio"
                name={name}
                value={color.hex}
                checked={checked}
                onChange={() => onChange(color.hex)}
                aria-label={t(`blocks.colors.${color.key}`)}
                className="peer sr-only"
              />
              <span
                aria-hidden
                style={{ backgroundColor: color.hex }}
                className={cn(
                  'flex size-8 items-center justify-center rounded-full ring-offset-2 transition',
                  'peer-focus-visible:ring-2 peer-focus-visible:ring-indigo-500',
                  checked ? 'ring-2 ring-slate-900' : 'hover:scale-110',
                )}
              >
                {checked && <Check className="size-4 text-white" strokeWidth={3} />}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

function sameColor(a: string, b: string) {
  return a.toLowerCase() === b.toLowerCase();
}
