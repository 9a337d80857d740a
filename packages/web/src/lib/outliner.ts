import { outlineWith, type OutlineInput, type OutlineJob, type Outliner } from '@promptloom/core';
import type { OutlineResponse } from '../workers/outline-protocol';

interface Pending {
  resolve: (outlines: (string | null)[]) => void;
  reject: (error: Error) => void;
}

/**
 * The page's side of the outline Web Worker, started on the first file that has an outline
 * language. A batch the worker cannot outline (a grammar that failed to load) rejects, and
 * the caller keeps the full content.
 */
class BrowserOutliner implements Outliner {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  outlineMany(files: readonly OutlineInput[]): Promise<(string | null)[]> {
    return outlineWith(files, (jobs) => this.run(jobs));
  }

  private start(): Worker {
    const worker = new Worker(new URL('../workers/outline.worker.ts', import.meta.url), {
      type: 'module',
    });
    worker.onmessage = (event: MessageEvent<OutlineResponse>) => {
      const reply = event.data;
      const pending = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if ('outlines' in reply) pending?.resolve(reply.outlines);
      else pending?.reject(new Error(reply.error));
    };
    worker.onerror = (event) => this.fail(new Error(event.message || 'Outline worker failed'));
    return worker;
  }

  private run(jobs: OutlineJob[]): Promise<(string | null)[]> {
    this.worker ??= this.start();
    const id = this.nextId++;
    const worker = this.worker;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, jobs });
    });
  }

  /** A dead worker fails what it held; the next call starts a new one. */
  private fail(error: Error): void {
    this.worker?.terminate();
    this.worker = null;
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }

  close(): Promise<void> {
    this.fail(new Error('Outliner closed'));
    return Promise.resolve();
  }
}

let shared: Outliner | null = null;

/** The page's one outliner (one worker, grammars loaded once for every feature). */
export function browserOutliner(): Outliner {
  shared ??= new BrowserOutliner();
  return shared;
}
