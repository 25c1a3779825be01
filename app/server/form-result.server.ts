import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { DomainError } from "~/domain/errors";

/**
 * A domain error as a conform result, so a page re-renders the form with the submitted values
 * and the messages beside their fields (works without JavaScript).
 */
export function formErrorResult(error: unknown) {
  if (!(error instanceof DomainError)) throw error;
  const { _csrf, submissionId, ...values } = error.values ?? {};
  const result: SubmissionResult<string[]> = {
    status: "error",
    initialValue: values,
    error: { ...(error.fieldErrors ?? {}) },
  };
  // Field problems show beside their fields; anything else (file refused, too large, no
  // permission) is an upload failure: red banner and the 'Gagal!' dialog.
  const fieldProblem = Object.keys(error.fieldErrors ?? {}).some((field) => field !== "file");
  return data({ result, message: fieldProblem ? null : error.message }, { status: error.status });
}
