export declare function loadNodeVocab(url: URL): Promise<unknown>;
export declare function loadNodeRanks(url: URL): Promise<Uint8Array>;
