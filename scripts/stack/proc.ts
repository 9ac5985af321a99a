// Reading /proc: a process's fields and children, a process tree and its memory (the benchmark's figures, the
// Functions workers' trimming, the range free ports are picked below).
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** Where there is no /proc (not Linux), neither memory nor workers are read: nothing is bounded there. */
export const HAS_PROC = existsSync('/proc/self/stat');
/** The kernel's own lists of each thread's children, cheaper than reading every process (CONFIG_PROC_CHILDREN). */
const HAS_CHILDREN_LISTS = existsSync(`/proc/self/task/${process.pid}/children`);

// /proc is read synchronously: its files are made in memory on reading, and a check of a dozen processes takes
// about a millisecond this way, ten times less than through promises.
export function readProc(path: string): string | null {
  try {
    return readFileSync(`/proc/${path}`, 'utf8');
  } catch {
    return null; // Gone meanwhile.
  }
}

function listProc(path: string): string[] {
  try {
    return readdirSync(`/proc/${path}`);
  } catch {
    return [];
  }
}

/** Field `field` of /proc/<pid>/stat, numbered as in proc(5) (4: parent, 22: start time); null once gone. */
export function statField(pid: number, field: number): number | null {
  const stat = readProc(`${pid}/stat`);
  // The command name (field 2) is in parentheses and may hold spaces: fields are counted after the last ')'.
  return stat === null ? null : Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[field - 3]);
}

export function childrenOf(pid: number): number[] {
  if (HAS_CHILDREN_LISTS) {
    return listProc(`${pid}/task`).flatMap((task) =>
      (readProc(`${pid}/task/${task}/children`) ?? '').split(' ').filter(Boolean).map(Number),
    );
  }
  return listProc('')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((child) => statField(child, 4) === pid);
}

export const isFunctionWorker = (pid: number) =>
  readProc(`${pid}/cmdline`)?.includes('functionsEmulatorRuntime') ?? false;

export interface TreeMemory {
  /** Summed resident set sizes (VmRSS). */
  bytes: number;
  processes: number;
  /** Function workers among them. */
  workers: number;
}

/** A process and all its descendants (empty where there is no /proc). */
export function processTree(root = process.pid): number[] {
  if (!HAS_PROC) return [];
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...childrenOf(tree[i]));
  return tree;
}

/**
 * Resident memory of a process and all its descendants; by default this process's: the launcher of a stack, with
 * firebase-tools and its function workers below it. Null where there is no /proc.
 */
export function processTreeMemory(root = process.pid): TreeMemory | null {
  if (!HAS_PROC) return null;
  const tree = processTree(root);
  const memory: TreeMemory = { bytes: 0, processes: tree.length, workers: 0 };
  for (const pid of tree) {
    const rss = /^VmRSS:\s+(\d+) kB/m.exec(readProc(`${pid}/status`) ?? '');
    if (rss) memory.bytes += Number(rss[1]) * 1024;
    if (isFunctionWorker(pid)) memory.workers++;
  }
  return memory;
}
