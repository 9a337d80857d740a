export declare function countCl100kGuarded(input: string, longRun: number, chunk: number): number;
