import { serveTasks } from '../serve-tasks';

// A task module for the pool's own tests: answers what it is sent.
serveTasks((task: unknown) => task);
