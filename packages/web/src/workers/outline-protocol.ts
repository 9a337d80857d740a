import type { OutlineJob } from '@promptloom/core';

/** Messages between the page and the outline worker. */
export interface OutlineRequest {
  id: number;
  jobs: OutlineJob[];
}

export type OutlineResponse =
  { id: number; outlines: (string | null)[] } | { id: number; error: string };
