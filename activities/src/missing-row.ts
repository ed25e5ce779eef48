import { ApplicationFailure } from '@temporalio/activity';

/**
 * An activity that finds no row for the id it was given (a wrong database, deleted data) fails for good,
 * naming the id, so the Temporal UI shows it instead of a step that "succeeded" having changed nothing.
 * Retrying would not bring the row back.
 */
export function missingRow(what: string, id: string): ApplicationFailure {
  return ApplicationFailure.nonRetryable(`No ${what} ${id} in this database.`, 'MissingRow', { what, id });
}
