// Every callable's pipeline, runnable in this process (scripts/seed.ts): loads the callables, then runCallable.
import './index.js';

export { runCallable } from './common/callable.js';
