import type { ScannedFile, SecretFinding } from '@promptloom/core/secrets';

export interface SecretsRequest {
  id: number;
  files: ScannedFile[];
}

export type SecretsResponse =
  { id: number; findings: SecretFinding[] } | { id: number; error: string };
