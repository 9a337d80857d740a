export declare function vocabAssetUrl(id: string): URL | null;
export declare function rankAssetUrl(id: string): URL | null;
