/** Messages between the page and the tokenizer worker. */
export interface CountRequest {
  id: number;
  texts: string[];
}

export type CountResponse = { id: number; counts: number[] } | { id: number; error: string };
