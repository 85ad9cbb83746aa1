import { readlinkSync } from 'node:fs';
import os from 'node:os';

/**
 * Lowers the CPU priority of the calling thread to `nice` (0 to 19; Linux keeps a nice value per thread, and any
 * process may raise its own). For a thread whose work can wait, such as the search index's writer: while the cores
 * are busy, the threads answering requests go first; on idle cores it runs at full speed. Best effort: false where
 * the system has no per-thread value (`/proc/thread-self` missing) or refuses.
 */
export function lowerThreadPriority(nice: number): boolean {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    if (!Number.isInteger(threadId) || threadId <= 0) return false;
    os.setPriority(threadId, nice);
    return true;
  } catch {
    return false;
  }
}
