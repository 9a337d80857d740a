/// <reference lib="webworker" />
/**
 * Joins an upload's files into the suggestion index's read groups, off the page
 * (suggest-join.ts): the page posts Files, this worker posts back one Blob a group.
 */
import { createJoiner, type JoinRequest } from './suggest-join';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const join = createJoiner((reply) => scope.postMessage(reply));

scope.onmessage = (event: MessageEvent<JoinRequest>) => join(event.data);
