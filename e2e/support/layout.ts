import type { Locator, Page } from 'playwright-core';

/** Whether the element lies inside the viewport's width. */
export async function insideWidth(page: Page, locator: Locator): Promise<boolean> {
  const rect = await locator.boundingBox();
  const width = page.viewportSize()!.width;
  return !!rect && rect.x >= 0 && rect.x + rect.width <= width;
}

/**
 * Whether the element's text takes a single line (no wrapped badge, label or date): its text
 * nodes' boxes all start on one line. A table cell's own height would be its row's.
 */
export function onOneLine(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const rects: DOMRect[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      rects.push(...Array.from(range.getClientRects()).filter((rect) => rect.width > 0));
    }
    const tops = rects.map((rect) => rect.top);
    const lineHeight = Math.min(...rects.map((rect) => rect.height));
    return rects.length > 0 && Math.max(...tops) - Math.min(...tops) < lineHeight / 2;
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

/** Whether the element shows all of its text (no ellipsis, no clipped line). */
export function shownWhole(locator: Locator): Promise<boolean> {
  return locator.evaluate(
    (element) =>
      element.scrollWidth <= element.clientWidth + 1 &&
      element.scrollHeight <= element.clientHeight + 1,
  );
}

/** Whether a text field's placeholder fits inside it, between its paddings, in its font. */
export function placeholderShownWhole(locator: Locator): Promise<boolean> {
  return locator.evaluate((element: HTMLInputElement) => {
    const style = getComputedStyle(element);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room =
      element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return context.measureText(element.placeholder).width <= room;
  });
}
