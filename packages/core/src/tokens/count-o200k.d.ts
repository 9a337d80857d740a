export declare function countO200k(text: string): number;
