export declare function countCl100kGuarded(input: string, longRun: number, chunk: number): number;
export declare function countCl100kReference(text: string): number;
