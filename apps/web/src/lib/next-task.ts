/** Resolves in a later task: the browser handles input and paints in between. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Imports the modules of `steps` one after the other, each evaluated in a task of its own, and
 * answers the last one. Code that would hold the main thread in one long task (schemas, phone
 * metadata, then their users) runs in shorter ones, so a tap or a frame never waits for all of it.
 */
export async function importInSteps<T>(steps: readonly (() => Promise<unknown>)[], last: () => Promise<T>): Promise<T> {
  for (const step of steps) {
    await step();
    await nextTask();
  }
  return last();
}
