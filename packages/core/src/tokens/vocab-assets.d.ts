export declare function vocabAssetUrl(id: string): URL | null;
