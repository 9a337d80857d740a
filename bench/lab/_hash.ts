import { readFileSync } from 'node:fs';
import { hashText } from '@promptloom/core';
import { filesUnder } from './folder-files';
const paths = await filesUnder(process.argv[2]!);
const bytes = paths.map((p) => new Uint8Array(readFileSync(p))).filter((b) => b.length < 1 << 20);
const dec = new TextDecoder();
const texts = bytes.map((b) => dec.decode(b));
function hashBytes(b: Uint8Array): string {
  let h1 = 0xdeadbeef; let h2 = 0x41c6ce57;
  const view = new DataView(b.buffer, b.byteOffset, b.length);
  const words = b.length & ~3;
  let i = 0;
  for (; i < words; i += 4) { const c = view.getInt32(i, true); h1 = Math.imul(h1 ^ c, 2654435761); h2 = Math.imul(h2 ^ c, 1597334677); }
  for (; i < b.length; i++) { const c = b[i]!; h1 = Math.imul(h1 ^ c, 2654435761); h2 = Math.imul(h2 ^ c, 1597334677); }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `${(4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)}:${b.length.toString(36)}`;
}
const cpu = (f: () => void) => { const a = process.cpuUsage(); f(); const c = process.cpuUsage(a); return Math.round((c.user + c.system) / 1000); };
for (let r = 0; r < 4; r++) console.log('text', cpu(() => texts.forEach(hashText)), 'bytes', cpu(() => bytes.forEach(hashBytes)));
