// Helpers for stories' play functions (never imported by a component).
export { expectCopiedFor } from './copyConfirmation';
export { recordTimeline, type Timeline } from './timeline';
