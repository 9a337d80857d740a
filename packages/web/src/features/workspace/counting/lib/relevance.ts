/**
 * The files ranked for a request, best first, for Fit to budget (decision 096): the suggest
 * room provides them from its index; with no provider, or no index ready, Fit orders by file
 * role as before.
 */
type Relevance = (request: string) => Promise<readonly string[] | undefined>;

let provider: Relevance | null = null;

/** Sets the provider; returns what removes it. */
export function provideRelevance(relevance: Relevance): () => void {
  provider = relevance;
  return () => {
    if (provider === relevance) provider = null;
  };
}

export async function relevanceFor(request: string): Promise<readonly string[] | undefined> {
  if (!provider || request.trim() === '') return undefined;
  return provider(request).catch(() => undefined);
}
