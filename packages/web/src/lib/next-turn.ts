/**
 * One turn of the event loop, in a page or a worker: tasks queued meanwhile (messages, input)
 * run first. A message, not a timer, so there is no 4 ms floor.
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
