/**
 * Undo steps for what a benchmark section started, run newest first. Each step runs even when an
 * earlier one fails, so one stuck resource does not leave the others (processes, folders) behind.
 */
export class Cleanup {
  #steps: (() => unknown)[] = [];

  add(step: () => unknown): void {
    this.#steps.push(step);
  }

  async run(): Promise<void> {
    const steps = this.#steps.reverse();
    this.#steps = [];
    for (const step of steps) {
      try {
        await step();
      } catch (error) {
        console.error('bench cleanup:', error);
      }
    }
  }
}
