import type { Case } from "./case";
export function aiderCases(gitDir: string): Case[] { void gitDir; return []; }
