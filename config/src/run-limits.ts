/**
 * How much one magic link may push into its run's workflow and capture log. Each issue is a signal to
 * the run's workflow, which never continues-as-new, so an unbounded link could drive its history to
 * Temporal's limit (finding L10); task actions feed the same workflow through progress messages.
 */

/** Issues one run may hold: far above any honest inspection, far below Temporal's history limit. */
export const RUN_ISSUES_MAX = 50;

/**
 * Entries of one run's capture log (task checks and unchecks, confirmed photos, issues) after which task
 * actions are refused. The log's head holds the count, so the check is one indexed row read.
 */
export const RUN_TASK_ACTIONS_MAX = 3000;
