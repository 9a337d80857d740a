import type { Locator, Page } from 'playwright-core';

/** Whether the element lies inside the viewport's width. */
export async function insideWidth(page: Page, locator: Locator): Promise<boolean> {
  const rect = await locator.boundingBox();
  const width = page.viewportSize()!.width;
  return !!rect && rect.x >= 0 && rect.x + rect.width <= width;
}

/** Whether the element's text takes a single line (no wrapped badge or button label). */
export function onOneLine(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
    return element.clientHeight - padding < 1.5 * parseFloat(style.lineHeight);
  });
}

/** Whether a line-clamped box shows no more than its `lines` (no line past the ellipsis). */
export function showsAtMostLines(locator: Locator, lines: number): Promise<boolean> {
  return locator.evaluate(
    (element, lines) =>
      element.clientHeight <= lines * parseFloat(getComputedStyle(element).lineHeight) + 1,
    lines,
  );
}
