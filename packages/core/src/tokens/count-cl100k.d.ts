export declare function countCl100k(text: string): number;
