import type { Page } from 'playwright-core';

/**
 * Relative luminance (WCAG), 0 (black) to 1, of the background an element shows: its own
 * colour, or the nearest ancestor's when its own is transparent.
 */
export async function backgroundLuminance(page: Page, selector: string): Promise<number> {
  return page.evaluate((sel) => {
    let element = document.querySelector(sel);
    if (!element) throw new Error(`no ${sel}`);
    const transparent = (el: Element) =>
      /^rgba\(.*,\s*0\)$|^transparent$/.test(getComputedStyle(el).backgroundColor);
    while (element.parentElement && transparent(element)) element = element.parentElement;
    // Resolve any colour syntax (oklch, color-mix) to sRGB through a 1×1 canvas.
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d')!;
    context.fillStyle = getComputedStyle(element).backgroundColor;
    context.fillRect(0, 0, 1, 1);
    const [r, g, b] = Array.from(context.getImageData(0, 0, 1, 1).data.slice(0, 3), (v) => {
      const c = v / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  }, selector);
}
