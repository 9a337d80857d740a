export declare function loadNodeVocab(url: URL): Promise<unknown>;
