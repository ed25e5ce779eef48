import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Sets the whole process's CPU priority (nice). Linux keeps a priority per thread, and a new thread inherits
 * its creator's: the threads Node started before any of our code ran (V8's compiler and GC helpers) are set
 * one by one, and every later one (libuv's pool, Temporal's runtime, the workflow threads, libvips')
 * inherits the main thread's. Elsewhere the first call sets the process.
 */
export function setProcessNiceness(niceness: number): void {
  setPriority(niceness);
  let threads: string[];
  try {
    threads = readdirSync('/proc/self/task');
  } catch {
    return;
  }
  for (const threadId of threads) {
    try {
      setPriority(Number(threadId), niceness);
    } catch (error) {
      // A thread that ended since the listing has nothing left to set.
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
  }
}
