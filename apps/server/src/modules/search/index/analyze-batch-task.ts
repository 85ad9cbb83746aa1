import { serveTasks } from '../../../lib/worker-pool/serve-tasks';
import { analyzeBatch } from './analyze-batch';
import type { TIndexSource } from './index-documents';

// A thread of a full build's analysis pool: tokenising, stemming and counting words is most of a build's CPU.
serveTasks((sources: TIndexSource[]) => analyzeBatch(sources));
