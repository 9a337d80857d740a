import type { Modifier } from '@dnd-kit/core';

/** Keeps a dragged composition item on its column (avoids pulling in @dnd-kit/modifiers). */
export const restrictToVerticalAxis: Modifier = ({ transform }) => ({ ...transform, x: 0 });
