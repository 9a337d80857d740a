/**
 * The few web-standard globals pure core uses. Browsers, Web Workers and Node all provide
 * them, so core may rely on them; core's pure part is type-checked against these alone
 * (tsconfig.pure.json, no DOM and no Node types), so nothing browser- or Node-only can slip
 * into code both sides run.
 */
interface TextEncoder {
  encode(input?: string): Uint8Array;
}
declare var TextEncoder: { new (): TextEncoder };

interface TextDecoder {
  decode(input?: ArrayBufferView | ArrayBuffer, options?: { stream?: boolean }): string;
}
declare var TextDecoder: {
  new (label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean }): TextDecoder;
};

interface AbortSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  throwIfAborted(): void;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}
